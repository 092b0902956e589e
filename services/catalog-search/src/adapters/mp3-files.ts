import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Id3v2Tag } from 'node-taglib-sharp';
import {
  ByteVector,
  File as TagFile,
  Id3v2Settings,
  Id3v2UserTextInformationFrame,
  Picture,
  PictureType,
  StringType,
  TagTypes,
} from 'node-taglib-sharp';
import { newId, sniffFileType } from '@storecast/service-kit';
import type { Id3Plan } from '../domain/id3-plan';
import type { Mp3Check, Mp3Files, RewrittenMp3 } from '../app/ports';
import { defaultCoverPng } from './default-cover';

// ID3v2.4 only (spec 02): taglib writes the default version when forced; node-id3 cannot (v2.3 only).
Id3v2Settings.defaultVersion = 4;
Id3v2Settings.forceDefaultVersion = true;

/**
 * MP3 checks and the ID3 rewrite. The upload arrives as one buffer (the kit's bounded reader);
 * the rewrite happens in a temporary file, so the rewritten copy is on disk, not a second buffer
 * in memory, and S3 reads it as a stream.
 */
export const createMp3Files = (options: { tmpDir?: string; cover?: Buffer } = {}): Mp3Files => {
  const tmpDir = options.tmpDir ?? os.tmpdir();
  const cover = options.cover ?? defaultCoverPng();

  const check = async (bytes: Buffer): Promise<Mp3Check> => {
    const sniffed = await sniffFileType(bytes);
    if (sniffed?.mime !== 'audio/mpeg') return { ok: false, reason: `The file is not an MP3 (${sniffed?.mime ?? 'unknown type'})` };
    try {
      const { parseBuffer } = await import('music-metadata');
      const metadata = await parseBuffer(bytes, { mimeType: 'audio/mpeg', size: bytes.length }, { skipCovers: true });
      const format = metadata.format;
      if (!format.container?.includes('MPEG') || !format.sampleRate || !format.numberOfChannels) {
        return { ok: false, reason: 'No MPEG audio frames were found' };
      }
      return { ok: true };
    } catch (err) {
      return { ok: false, reason: `The MP3 or its ID3 tag cannot be parsed: ${(err as Error).message}` };
    }
  };

  const rewrite = async (bytes: Buffer, plan: Id3Plan): Promise<RewrittenMp3> => {
    const file = path.join(tmpDir, `catalog-${newId()}.mp3`);
    await fs.writeFile(file, bytes);
    const dispose = () => fs.rm(file, { force: true });
    try {
      const mp3 = TagFile.createFromPath(file, 'audio/mpeg');
      try {
        // Every tag the client sent goes (ID3v1, ID3v2, APE): only the spec's frames remain.
        mp3.removeTags(TagTypes.AllTags);
        const tag = mp3.getTag(TagTypes.Id3v2, true) as Id3v2Tag;
        tag.title = plan.title;
        tag.performers = [plan.brand];
        tag.album = plan.brand;
        tag.albumArtists = [plan.brand];
        tag.year = plan.year;
        const watermark = Id3v2UserTextInformationFrame.fromDescription(plan.watermark.description, StringType.UTF8);
        watermark.text = [plan.watermark.value];
        tag.addFrame(watermark);
        tag.pictures = [Picture.fromFullData(ByteVector.fromByteArray(cover), PictureType.FrontCover, 'image/png', 'cover')];
        mp3.save();
      } finally {
        mp3.dispose();
      }
      const { size } = await fs.stat(file);
      return { size, open: (): Readable => createReadStream(file), dispose };
    } catch (err) {
      await dispose();
      throw err;
    }
  };

  return { check, rewrite };
};
