import { badRequest, sniffFileType } from '@storecast/service-kit';
import sharp from 'sharp';
import type { ImageAnalyzer } from '../app/ports';
import { featuresOfPixels } from '../domain/image-moods';

/** Types the image search reads (by their signature, never by name or header). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Decompression bombs: larger images are refused before decoding. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const notAnImage = () => badRequest('IMAGE_INVALID', 'The file is not a supported image (JPEG, PNG or WebP).');

/** sharp 0.35: the image scaled to fit 64×64, alpha dropped, raw RGB pixels → features. */
export const createSharpImages = (): ImageAnalyzer => ({
  async colourFeatures(bytes) {
    const type = await sniffFileType(bytes);
    if (!type || !(IMAGE_TYPES as readonly string[]).includes(type.mime)) throw notAnImage();
    let raw: { data: Buffer; info: sharp.OutputInfo };
    try {
      const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
      if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS) throw badRequest('IMAGE_TOO_LARGE', `The image has more than ${MAX_IMAGE_PIXELS / 1_000_000} million pixels.`);
      raw = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
        .resize(64, 64, { fit: 'inside' })
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch (err) {
      if (err instanceof Error && 'httpStatus' in err) throw err;
      throw notAnImage();
    }
    return featuresOfPixels(raw.data, raw.info.channels);
  },
});
