import sharp from 'sharp';
import type { ImageCase } from './eval-set';

const SIZE = 96;

/** A PNG drawn with sharp: a solid colour, a vertical gradient or horizontal stripes (12 px). */
export const drawImage = async (draw: ImageCase['draw']): Promise<Buffer> => {
  if (draw.kind === 'solid') {
    const [r, g, b] = draw.rgb;
    return sharp({ create: { width: SIZE, height: SIZE, channels: 3, background: { r, g, b } } }).png().toBuffer();
  }
  const pixels = Buffer.alloc(SIZE * SIZE * 3);
  for (let y = 0; y < SIZE; y++) {
    const t = draw.kind === 'gradient' ? y / (SIZE - 1) : Math.floor(y / 12) % 2;
    for (let x = 0; x < SIZE; x++) {
      for (let c = 0; c < 3; c++) pixels[(y * SIZE + x) * 3 + c] = Math.round(draw.from[c]! * (1 - t) + draw.to[c]! * t);
    }
  }
  return sharp(pixels, { raw: { width: SIZE, height: SIZE, channels: 3 } }).png().toBuffer();
};
