/**
 * The real duration of MPEG audio (MP3), measured by walking its frames: the sum of samples per
 * frame over the sample rate. Skips an ID3v2 tag at the start. Pure: bytes in, seconds out.
 */
const BITRATES: Record<string, number[]> = {
  // [version][layer] → kbps by index (0 = free, 15 = bad)
  'V1L1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  'V1L2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  'V1L3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  'V2L1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  'V2L2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  'V2L3': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

export interface Mp3Info {
  durationSeconds: number;
  frames: number;
  sampleRate: number;
}

const id3Length = (bytes: Uint8Array): number => {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  const footer = bytes[5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
};

const TAGS = ['Xing', 'Info', 'VBRI'];
const isHeaderFrame = (bytes: Uint8Array, offset: number, length: number): boolean => {
  const end = Math.min(bytes.length, offset + Math.min(length, 64));
  for (let i = offset + 4; i + 4 <= end; i++) {
    const tag = String.fromCharCode(bytes[i]!, bytes[i + 1]!, bytes[i + 2]!, bytes[i + 3]!);
    if (TAGS.includes(tag)) return true;
  }
  return false;
};

/** Undefined when the bytes hold no run of valid MPEG frames (not MP3). */
export const measureMp3 = (bytes: Uint8Array): Mp3Info | undefined => {
  let offset = id3Length(bytes);
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  let skippedHeader = false;
  while (offset + 4 <= bytes.length) {
    const b1 = bytes[offset + 1]!;
    if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) {
      if (frames > 0) break; // trailing tag (ID3v1, APE) or garbage after the audio
      offset += 1;
      if (offset > 64 * 1024) return undefined;
      continue;
    }
    const versionBits = (b1 >> 3) & 0x3; // 3 = MPEG1, 2 = MPEG2, 0 = MPEG2.5
    const layerBits = (b1 >> 1) & 0x3; // 3 = L1, 2 = L2, 1 = L3
    const b2 = bytes[offset + 2]!;
    const bitrateIndex = b2 >> 4;
    const rateIndex = (b2 >> 2) & 0x3;
    const padding = (b2 >> 1) & 0x1;
    if (versionBits === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) {
      if (frames > 0) break;
      offset += 1;
      continue;
    }
    const layer = 4 - layerBits;
    const version = versionBits === 3 ? 'V1' : 'V2';
    const kbps = BITRATES[`${version}L${layer}`]![bitrateIndex]!;
    const rate = SAMPLE_RATES[versionBits]![rateIndex]!;
    const samplesPerFrame = layer === 1 ? 384 : layer === 2 ? 1152 : versionBits === 3 ? 1152 : 576;
    const length = layer === 1 ? Math.floor((12 * kbps * 1000) / rate + padding) * 4 : Math.floor(((samplesPerFrame / 8) * kbps * 1000) / rate) + padding;
    if (length < 4) break;
    // An encoder's Xing/Info/VBRI header frame carries no audio: not counted.
    if (!(frames === 0 && !skippedHeader && isHeaderFrame(bytes, offset, length))) {
      frames += 1;
      samples += samplesPerFrame;
    } else skippedHeader = true;
    sampleRate = rate;
    offset += length;
  }
  if (frames === 0 || sampleRate === 0) return undefined;
  return { durationSeconds: samples / sampleRate, frames, sampleRate };
};
