/**
 * What a commercial song file must be before it is sent (spec 03 § Commercial songs, § Limits):
 * an MP3 (first bytes an ID3 tag or an MPEG frame sync), not empty, at most 20 MB, 1..3600 s.
 * The server checks the same again; these rules only spare the person a useless upload.
 */
export const COMMERCIAL_MAX_BYTES = 20 * 1024 * 1024;
export const COMMERCIAL_TITLE_MAX = 200;
export const COMMERCIAL_MIN_SECONDS = 1;
export const COMMERCIAL_MAX_SECONDS = 3600;

/** "ID3" (a tag), or 11 set bits of an MPEG audio frame header. */
export const hasMp3Signature = (head: Uint8Array): boolean => {
  if (head.length >= 3 && head[0] === 0x49 && head[1] === 0x44 && head[2] === 0x33) return true;
  return head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0;
};

export type Mp3Problem = 'EMPTY' | 'SIZE' | 'NOT_MP3' | 'TOO_SHORT' | 'TOO_LONG';

/** The size and signature checks, cheap enough to run the moment a file is chosen. */
export const mp3FileProblem = (file: { size: number }, head: Uint8Array): Mp3Problem | null => {
  if (file.size <= 0) return 'EMPTY';
  if (file.size > COMMERCIAL_MAX_BYTES) return 'SIZE';
  if (!hasMp3Signature(head)) return 'NOT_MP3';
  return null;
};

// kbps by bitrate index for [MPEG1, MPEG2/2.5] × [layer I, II, III].
const BITRATES = {
  V1: [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  V2: [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
} as const;
const SAMPLE_RATES: Record<number, readonly number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

const id3Length = (b: Uint8Array): number => {
  if (b.length < 10 || b[0] !== 0x49 || b[1] !== 0x44 || b[2] !== 0x33) return 0;
  const size = ((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7) | (b[9]! & 0x7f);
  return 10 + size + (b[5]! & 0x10 ? 10 : 0);
};

/**
 * The length in seconds of MPEG audio, by walking its frames (samples per frame over the sample
 * rate), as the server measures it; null when no run of frames is found (not an MP3). The browser's
 * own audio decoding would also work, but estimates VBR files and needs the whole file decoded.
 */
export const measureMp3Seconds = (bytes: Uint8Array): number | null => {
  let offset = id3Length(bytes);
  let samples = 0;
  let frames = 0;
  let rate = 0;
  while (offset + 4 <= bytes.length) {
    const b1 = bytes[offset + 1]!;
    const b2 = bytes[offset + 2]!;
    const version = (b1 >> 3) & 0x3; // 3 MPEG1, 2 MPEG2, 0 MPEG2.5
    const layerBits = (b1 >> 1) & 0x3; // 3 layer I, 2 layer II, 1 layer III
    const bitrateIndex = b2 >> 4;
    const rateIndex = (b2 >> 2) & 0x3;
    const sync = bytes[offset] === 0xff && (b1 & 0xe0) === 0xe0;
    if (!sync || version === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) {
      if (frames > 0) break; // a trailing tag or garbage after the audio
      offset += 1;
      if (offset > 64 * 1024) return null;
      continue;
    }
    const layer = 4 - layerBits;
    const kbps = BITRATES[version === 3 ? 'V1' : 'V2'][layer - 1]![bitrateIndex]!;
    const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
    const perFrame = layer === 1 ? 384 : layer === 2 || version === 3 ? 1152 : 576;
    const padding = (b2 >> 1) & 0x1;
    const length = layer === 1 ? Math.floor((12 * kbps * 1000) / sampleRate + padding) * 4 : Math.floor(((perFrame / 8) * kbps * 1000) / sampleRate) + padding;
    if (length < 4) break;
    frames += 1;
    samples += perFrame;
    rate = sampleRate;
    offset += length;
  }
  return frames > 0 && rate > 0 ? samples / rate : null;
};

/** The whole seconds sent as durationSeconds, or why the length cannot be a commercial song. */
export const durationOf = (seconds: number | null): { seconds: number } | { problem: Mp3Problem } => {
  if (seconds === null) return { problem: 'NOT_MP3' };
  const whole = Math.round(seconds);
  if (whole < COMMERCIAL_MIN_SECONDS) return { problem: 'TOO_SHORT' };
  if (whole > COMMERCIAL_MAX_SECONDS) return { problem: 'TOO_LONG' };
  return { seconds: whole };
};

/** A title of 1..200 characters, not blank: null when fine. */
export const commercialTitleProblem = (title: string): 'REQUIRED' | 'TOO_LONG' | null => {
  const trimmed = title.trim();
  if (trimmed.length === 0) return 'REQUIRED';
  if (trimmed.length > COMMERCIAL_TITLE_MAX) return 'TOO_LONG';
  return null;
};

/** 75 → "1:15", 3600 → "60:00". */
export const formatDuration = (seconds: number): string => {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};
