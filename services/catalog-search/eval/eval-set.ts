/**
 * The search evaluation set: queries (half Korean, half English: moods, situations, genres,
 * negations), images synthesized at run time, and similar-track seeds, each judged against the
 * seeded catalog (catalog-seed.ts) by a rule a person would apply to a track's genre and moods:
 *   grade 2 — fits the request fully, 1 — fits part of it, 0 — not relevant;
 *   a track carrying anything in `avoid` is 0 whatever else it has.
 * The rules are written from the request's meaning, not from the lexicon's tables.
 */
import type { SeededTrack } from './catalog-seed';

export interface Want {
  /** Genres that fit (any one). */
  genres?: string[];
  /** Moods that fit (any one). */
  moods?: string[];
  /** Genres or moods that make a track wrong for the request. */
  avoid?: string[];
}

export interface TextCase extends Want {
  q: string;
  lang: 'ko' | 'en';
}

/** Grade of a track for a request: with genres and moods both given, 2 needs both and 1 either. */
export const grade = (t: SeededTrack, w: Want): number => {
  if (w.avoid?.some((a) => a === t.genre || t.moods.includes(a))) return 0;
  const g = w.genres ? w.genres.includes(t.genre) : undefined;
  const m = w.moods ? w.moods.some((x) => t.moods.includes(x)) : undefined;
  if (g !== undefined && m !== undefined) return g && m ? 2 : g || m ? 1 : 0;
  return (g ?? m) ? 2 : 0;
};

const CAFE = ['jazz', 'bossa_nova', 'acoustic', 'lofi'];
const LOUD = ['energetic', 'tense'];

export const TEXT_CASES: TextCase[] = [
  // Korean (20)
  { lang: 'ko', q: '잔잔한 카페 음악', genres: CAFE, moods: ['calm', 'cozy'], avoid: LOUD },
  { lang: 'ko', q: '비 오는 날 듣기 좋은 피아노', genres: ['piano'], moods: ['calm', 'melancholic'], avoid: LOUD },
  { lang: 'ko', q: '신나는 운동 음악', moods: ['energetic'], genres: ['edm', 'hiphop', 'rock', 'house', 'kpop', 'pop'] },
  { lang: 'ko', q: '우울할 때 듣는 노래', moods: ['melancholic'] },
  { lang: 'ko', q: '로맨틱한 저녁 식사 재즈', genres: ['jazz'], moods: ['romantic'] },
  { lang: 'ko', q: '공부할 때 집중되는 로파이', genres: ['lofi'], moods: ['calm', 'dreamy', 'cozy'], avoid: LOUD },
  { lang: 'ko', q: '시끄럽지 않은 매장 음악', moods: ['calm', 'cozy', 'happy'], avoid: LOUD },
  { lang: 'ko', q: '몽환적인 분위기', moods: ['dreamy'] },
  { lang: 'ko', q: '경쾌하고 밝은 팝', genres: ['pop', 'kpop'], moods: ['happy'] },
  { lang: 'ko', q: '포근한 겨울 어쿠스틱', genres: ['acoustic', 'folk'], moods: ['cozy'] },
  { lang: 'ko', q: '클럽 파티 음악', genres: ['edm', 'house'], moods: ['energetic', 'groovy'] },
  { lang: 'ko', q: '추억이 떠오르는 레트로 감성', moods: ['nostalgic'] },
  { lang: 'ko', q: '희망찬 아침', moods: ['hopeful', 'happy'], avoid: ['tense'] },
  { lang: 'ko', q: '긴장감 있는 어두운 음악', moods: ['tense'] },
  { lang: 'ko', q: '보사노바', genres: ['bossa_nova'] },
  { lang: 'ko', q: '그루브한 펑키 음악', genres: ['funk', 'rnb', 'house'], moods: ['groovy'] },
  { lang: 'ko', q: '명상할 때 듣는 앰비언트', genres: ['ambient'], moods: ['calm', 'dreamy'], avoid: LOUD },
  { lang: 'ko', q: '너무 신나지 않은 편안한 음악', moods: ['calm', 'cozy'], avoid: LOUD },
  { lang: 'ko', q: '힙합 말고 차분한 음악', moods: ['calm'], avoid: ['hiphop', ...LOUD] },
  { lang: 'ko', q: '잠들기 전 클래식', genres: ['classical', 'piano'], moods: ['calm', 'dreamy'], avoid: LOUD },
  // English (20)
  { lang: 'en', q: 'calm piano for a rainy morning', genres: ['piano'], moods: ['calm', 'melancholic', 'hopeful'], avoid: LOUD },
  { lang: 'en', q: 'upbeat workout music', moods: ['energetic'], genres: ['edm', 'hiphop', 'rock', 'house', 'kpop', 'pop'] },
  { lang: 'en', q: 'relaxing coffee shop jazz', genres: ['jazz'], moods: ['calm', 'cozy'], avoid: LOUD },
  { lang: 'en', q: 'sad songs for a lonely night', moods: ['melancholic'] },
  { lang: 'en', q: 'romantic dinner background', moods: ['romantic'], genres: ['jazz', 'rnb', 'bossa_nova', 'piano'] },
  { lang: 'en', q: 'lofi beats to study to', genres: ['lofi'], moods: ['calm', 'dreamy', 'cozy'], avoid: LOUD },
  { lang: 'en', q: 'background music for a boutique, not too loud', moods: ['calm', 'cozy', 'happy'], avoid: LOUD },
  { lang: 'en', q: 'dreamy ambient soundscape', genres: ['ambient'], moods: ['dreamy'] },
  { lang: 'en', q: 'happy summer pop', genres: ['pop', 'kpop'], moods: ['happy'] },
  { lang: 'en', q: 'cozy acoustic for autumn', genres: ['acoustic', 'folk'], moods: ['cozy'] },
  { lang: 'en', q: 'high energy dance party', genres: ['edm', 'house', 'kpop', 'funk'], moods: ['energetic', 'groovy'] },
  { lang: 'en', q: 'nostalgic retro vibes', moods: ['nostalgic'] },
  { lang: 'en', q: 'hopeful uplifting morning', moods: ['hopeful', 'happy'], avoid: ['tense'] },
  { lang: 'en', q: 'dark tense cinematic', moods: ['tense'] },
  { lang: 'en', q: 'bossa nova', genres: ['bossa_nova'] },
  { lang: 'en', q: 'groovy funk', genres: ['funk', 'rnb', 'house'], moods: ['groovy'] },
  { lang: 'en', q: 'meditation and yoga', genres: ['ambient', 'piano', 'classical'], moods: ['calm', 'dreamy'], avoid: LOUD },
  { lang: 'en', q: 'chill music without heavy drums', moods: ['calm', 'cozy', 'dreamy'], avoid: LOUD },
  { lang: 'en', q: 'anything but hip hop, something mellow', moods: ['calm'], avoid: ['hiphop', ...LOUD] },
  { lang: 'en', q: 'classical music for sleep', genres: ['classical', 'piano'], moods: ['calm', 'dreamy'], avoid: LOUD },
];

export interface ImageCase extends Want {
  name: string;
  /** Colour words a title-keyword baseline would search for. */
  words: string[];
  /** Drawn with sharp at run time: solid colour, or a gradient / stripes between two colours. */
  draw: { kind: 'solid'; rgb: [number, number, number] } | { kind: 'gradient' | 'stripes'; from: [number, number, number]; to: [number, number, number] };
}

export const IMAGE_CASES: ImageCase[] = [
  { name: 'sunny orange', words: ['sunny', 'orange', 'golden'], draw: { kind: 'solid', rgb: [255, 170, 40] }, moods: ['happy', 'energetic'] },
  { name: 'bright yellow gradient', words: ['bright', 'yellow'], draw: { kind: 'gradient', from: [255, 240, 120], to: [255, 190, 60] }, moods: ['happy', 'hopeful'] },
  { name: 'midnight navy', words: ['blue', 'midnight', 'navy'], draw: { kind: 'solid', rgb: [20, 30, 70] }, moods: ['melancholic', 'tense'] },
  { name: 'pale grey-blue haze', words: ['grey', 'pale', 'haze'], draw: { kind: 'gradient', from: [200, 210, 225], to: [180, 195, 215] }, moods: ['calm', 'dreamy'] },
  { name: 'black and red stripes', words: ['black', 'red'], draw: { kind: 'stripes', from: [10, 10, 10], to: [220, 20, 30] }, moods: ['tense', 'energetic'] },
  { name: 'amber candlelight', words: ['amber', 'warm', 'candle'], draw: { kind: 'gradient', from: [150, 90, 40], to: [110, 70, 40] }, moods: ['cozy', 'nostalgic', 'romantic'] },
  { name: 'neon magenta and cyan', words: ['neon', 'magenta', 'cyan'], draw: { kind: 'stripes', from: [255, 0, 200], to: [0, 230, 255] }, moods: ['energetic', 'groovy'] },
  { name: 'overcast grey', words: ['grey', 'overcast'], draw: { kind: 'solid', rgb: [90, 95, 100] }, moods: ['melancholic', 'calm', 'nostalgic'] },
  { name: 'lavender mist', words: ['lavender', 'mist', 'silver'], draw: { kind: 'gradient', from: [225, 215, 245], to: [205, 200, 235] }, moods: ['dreamy', 'calm'] },
  { name: 'deep sea', words: ['sea', 'deep', 'blue'], draw: { kind: 'gradient', from: [10, 40, 80], to: [0, 20, 50] }, moods: ['melancholic', 'calm', 'tense'] },
  { name: 'sepia photograph', words: ['sepia', 'old', 'vintage'], draw: { kind: 'gradient', from: [170, 140, 105], to: [120, 95, 70] }, moods: ['nostalgic', 'cozy'] },
  { name: 'lime and yellow burst', words: ['lime', 'green', 'yellow'], draw: { kind: 'stripes', from: [150, 255, 40], to: [255, 235, 0] }, moods: ['happy', 'energetic'] },
];

/** Images: 2 for the image's first (leading) mood, 1 for its other intended moods. */
export const imageGrade = (t: SeededTrack, c: ImageCase): number => {
  const [lead, ...rest] = c.moods ?? [];
  if (lead && t.moods.includes(lead)) return 2;
  return rest.some((m) => t.moods.includes(m)) ? 1 : 0;
};

/** Similar-track seeds: the catalog index of the seed; relevance by genre family and shared moods. */
export const SIMILAR_SEEDS = [0, 1, 2, 3, 4, 5, 7, 9, 10, 12, 13, 17];

export const GENRE_FAMILY_OF: Record<string, string> = {
  jazz: 'lounge', bossa_nova: 'lounge', rnb: 'lounge', funk: 'lounge',
  acoustic: 'songwriter', folk: 'songwriter', indie: 'songwriter', ballad: 'songwriter',
  piano: 'instrumental', classical: 'instrumental', ambient: 'instrumental',
  edm: 'club', house: 'club', pop: 'pop', kpop: 'pop', hiphop: 'beats', lofi: 'beats', rock: 'rock',
};

/** 2: same genre and a shared mood; 1: same family and a shared mood, or same genre alone. */
export const similarGrade = (seed: SeededTrack, t: SeededTrack): number => {
  if (t.id === seed.id) return 0;
  const shared = t.moods.some((m) => seed.moods.includes(m));
  if (t.genre === seed.genre && shared) return 2;
  if ((GENRE_FAMILY_OF[t.genre] === GENRE_FAMILY_OF[seed.genre] && shared) || t.genre === seed.genre) return 1;
  return 0;
};
