import { Mp3Encoder } from '@breezystack/lamejs';

/**
 * A real MP3 made at test time: a sine tone encoded by a pure-JS LAME port (no binary fixtures).
 * `id3` prepends an ID3v2.3 tag with the given title (what clients usually send).
 */
export const sineMp3 = (options: { seconds?: number; hz?: number; kbps?: number } = {}): Buffer => {
  const rate = 44_100;
  const encoder = new Mp3Encoder(1, rate, options.kbps ?? 64);
  const samples = new Int16Array(Math.round(rate * (options.seconds ?? 1)));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(Math.sin((2 * Math.PI * (options.hz ?? 440) * i) / rate) * 8000);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < samples.length; i += 1152) parts.push(encoder.encodeBuffer(samples.subarray(i, i + 1152)));
  parts.push(encoder.flush());
  return Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)));
};

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
