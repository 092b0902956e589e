/**
 * Colour features of an image → mood scores (the documented table of the image search).
 *
 * Features, each 0..1 except warmth (−1..1), from the image scaled to at most 64×64:
 *   brightness  mean luma (Rec. 709) / 255
 *   saturation  mean HSV saturation
 *   warmth      mean (R − B) / 255: > 0 red/orange/yellow, < 0 blue/cyan
 *   contrast    the larger standard deviation of luma and of the HSV value (max channel), / 128,
 *               capped at 1 (red on black is contrast although its luma is low; magenta on
 *               cyan although both are fully bright)
 *
 * score(mood) = clamp01(bias + b·(brightness − 0.5) + s·(saturation − 0.5) + w·warmth + c·(contrast − 0.25))
 */
export interface ColourFeatures {
  brightness: number;
  saturation: number;
  warmth: number;
  contrast: number;
}

export interface MoodRow {
  mood: string;
  bias: number;
  brightness: number;
  saturation: number;
  warmth: number;
  contrast: number;
}

/** mood, bias, brightness, saturation, warmth, contrast (also printed in the README). */
export const IMAGE_MOOD_TABLE: MoodRow[] = [
  { mood: 'happy', bias: 0.35, brightness: 1.0, saturation: 0.5, warmth: 0.5, contrast: 0.0 },
  { mood: 'energetic', bias: 0.25, brightness: 0.3, saturation: 1.2, warmth: 0.3, contrast: 1.0 },
  { mood: 'groovy', bias: 0.2, brightness: 0.0, saturation: 1.0, warmth: 0.0, contrast: 0.8 },
  { mood: 'hopeful', bias: 0.3, brightness: 0.9, saturation: 0.2, warmth: 0.2, contrast: -0.2 },
  { mood: 'cozy', bias: 0.3, brightness: -1.0, saturation: -0.2, warmth: 0.6, contrast: -0.5 },
  { mood: 'romantic', bias: 0.2, brightness: -0.8, saturation: 0.3, warmth: 0.6, contrast: -0.3 },
  { mood: 'calm', bias: 0.4, brightness: 0.6, saturation: -0.6, warmth: -0.6, contrast: -0.6 },
  { mood: 'dreamy', bias: 0.3, brightness: 0.6, saturation: -0.5, warmth: -0.5, contrast: -0.8 },
  { mood: 'nostalgic', bias: 0.25, brightness: -0.2, saturation: -1.0, warmth: 0.8, contrast: -0.3 },
  { mood: 'melancholic', bias: 0.25, brightness: -1.1, saturation: -0.8, warmth: -0.8, contrast: -0.2 },
  { mood: 'tense', bias: 0.1, brightness: -1.2, saturation: 0.0, warmth: -0.2, contrast: 1.2 },
];

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const round = (x: number) => Math.round(x * 1000) / 1000;

/** Moods whose score is within this margin of the image's best mood take part in the ranking. */
export const MOOD_MARGIN = 0.3;

/** The image's moods used to rank tracks: the best ones (within MOOD_MARGIN of the top), others 0. */
export const leadingMoods = (scores: Array<{ mood: string; score: number }>): Array<{ mood: string; score: number }> => {
  const top = Math.max(0, ...scores.map((s) => s.score));
  return scores.filter((s) => s.score > 0 && s.score >= top - MOOD_MARGIN);
};

export const moodScoresOf = (f: ColourFeatures): Array<{ mood: string; score: number }> =>
  IMAGE_MOOD_TABLE.map((r) => ({
    mood: r.mood,
    score: round(clamp01(r.bias + r.brightness * (f.brightness - 0.5) + r.saturation * (f.saturation - 0.5) + r.warmth * f.warmth + r.contrast * (f.contrast - 0.25))),
  })).sort((a, b) => b.score - a.score || a.mood.localeCompare(b.mood));

/** Features from raw RGB(A) pixels (`channels` per pixel). */
export const featuresOfPixels = (pixels: Uint8Array, channels: number): ColourFeatures => {
  const n = Math.floor(pixels.length / channels);
  if (n === 0) return { brightness: 0, saturation: 0, warmth: 0, contrast: 0 };
  let luma = 0;
  let luma2 = 0;
  let value = 0;
  let value2 = 0;
  let sat = 0;
  let warm = 0;
  for (let i = 0; i < n; i++) {
    const r = pixels[i * channels]!;
    const g = pixels[i * channels + 1]!;
    const b = pixels[i * channels + 2]!;
    const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    luma += y;
    luma2 += y * y;
    const max = Math.max(r, g, b);
    value += max;
    value2 += max * max;
    const min = Math.min(r, g, b);
    sat += max === 0 ? 0 : (max - min) / max;
    warm += (r - b) / 255;
  }
  const meanValue = value / n;
  const meanLuma = luma / n;
  const sd = Math.max(Math.sqrt(Math.max(0, value2 / n - meanValue * meanValue)), Math.sqrt(Math.max(0, luma2 / n - meanLuma * meanLuma)));
  return { brightness: round(meanLuma / 255), saturation: round(sat / n), warmth: round(warm / n), contrast: round(Math.min(1, sd / 128)) };
};
