/**
 * The ID3v2.4 tag the server writes on every stored MP3 (spec 02 § Music), and nothing else:
 * TIT2 title; TPE1, TALB, TPE2 the brand; TDRC the upload year; TXXX the rewrite time
 * (yyyy-MM-dd HH:mm:ss) as watermark; APIC the default cover. No genre, track or length frames.
 * Times are the platform's local time, KST (Asia/Seoul, UTC+9, no daylight saving).
 */
export interface Id3Plan {
  title: string;
  brand: string;
  year: number;
  /** TXXX description and value. */
  watermark: { description: string; value: string };
}

export const WATERMARK_DESCRIPTION = 'STORECAST_REWRITTEN_AT';

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd HH:mm:ss in KST. */
export const kstTimestamp = (at: Date): string => {
  const k = new Date(at.getTime() + KST_OFFSET_MS);
  return `${k.getUTCFullYear()}-${pad(k.getUTCMonth() + 1)}-${pad(k.getUTCDate())} ${pad(k.getUTCHours())}:${pad(k.getUTCMinutes())}:${pad(k.getUTCSeconds())}`;
};

export const id3Plan = (title: string, brand: string, rewrittenAt: Date): Id3Plan => ({
  title,
  brand,
  year: new Date(rewrittenAt.getTime() + KST_OFFSET_MS).getUTCFullYear(),
  watermark: { description: WATERMARK_DESCRIPTION, value: kstTimestamp(rewrittenAt) },
});
