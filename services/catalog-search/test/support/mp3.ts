import { sineMp3 } from '@storecast/service-kit/testing';

/** A real MP3 made at test time (the kit's test media: a sine tone, pure-JS LAME). */
export { sineMp3 };

/** An MP3 as a client would send it: with its own ID3v2.3 tag (genre, track, title...) in front. */
export const taggedMp3 = async (frames: { title?: string; genre?: string; trackNumber?: string } = {}): Promise<Buffer> => {
  const NodeID3 = (await import('node-id3')).default;
  return NodeID3.write({ title: frames.title ?? 'Client title', genre: frames.genre ?? 'Jazz', trackNumber: frames.trackNumber ?? '7' }, sineMp3()) as Buffer;
};

export const mp3Form = (bytes: Uint8Array, name = 'song.mp3', field = 'file'): FormData => {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type: 'audio/mpeg' }), name);
  return form;
};
