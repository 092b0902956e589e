import { conceptsOfTagValue, interpretQuery } from './lexicon';
import { featuresOfPixels, leadingMoods, moodScoresOf } from './image-moods';
import { familyOf } from './similarity';

const weights = (q: string) => Object.fromEntries(interpretQuery(q).concepts.map((c) => [c.concept, c.weight]));

describe('the search lexicon', () => {
  it('reads Korean stems with their endings and particles', () => {
    expect(weights('잔잔한 카페 음악')).toMatchObject({ calm: 1, cozy: 0.6, jazz: 0.5 });
    expect(weights('카페에서 듣기 좋은 재즈')).toMatchObject({ jazz: 1, calm: 0.7 });
    expect(weights('비 오는 날')).toMatchObject({ calm: 0.6, piano: 0.5 });
  });

  it('reads English words, plurals and phrases; the longest phrase wins', () => {
    expect(weights('calm piano for a rainy morning')).toMatchObject({ calm: 1, piano: 1, hopeful: 0.5 });
    expect(weights('bossa nova')).toEqual({ bossa_nova: 1 });
    expect(weights('sad songs')).toEqual({ melancholic: 1 });
  });

  it('negations become penalties and lean to the opposite mood', () => {
    expect(weights('not too loud')).toEqual({ energetic: -1, calm: 0.5 });
    expect(weights('시끄럽지 않은 음악')).toEqual({ energetic: -1, calm: 0.5 });
    expect(weights('힙합 말고 차분한 음악')).toMatchObject({ hiphop: -1, calm: 1 });
    expect(weights('anything but hip hop')).toEqual({ hiphop: -1 });
    expect(weights('안 신나는')).toEqual({ energetic: -1, calm: 0.5 });
  });

  it('leaves unknown words as keywords (stop words dropped)', () => {
    expect(interpretQuery('music for Ipanema please').keywords).toEqual(['ipanema']);
  });

  it('maps tag values to concepts in either language', () => {
    expect(conceptsOfTagValue('Lo-fi', 'GENRE')).toEqual(['lofi']);
    expect(conceptsOfTagValue('잔잔함', 'MOOD')).toEqual(['calm']);
    expect(conceptsOfTagValue('R&B', 'GENRE')).toEqual(['rnb']);
    expect(conceptsOfTagValue('Polka', 'GENRE')).toEqual([]);
  });
});

describe('image moods', () => {
  const solid = (r: number, g: number, b: number) => new Uint8Array(Array.from({ length: 16 }, () => [r, g, b]).flat());

  it('a warm bright colour leads with happy, a dark blue with melancholic', () => {
    expect(moodScoresOf(featuresOfPixels(solid(255, 170, 40), 3))[0]!.mood).toBe('happy');
    expect(moodScoresOf(featuresOfPixels(solid(20, 30, 70), 3))[0]!.mood).toBe('melancholic');
  });

  it('features: brightness, saturation, warmth and contrast in their ranges', () => {
    expect(featuresOfPixels(solid(255, 255, 255), 3)).toEqual({ brightness: 1, saturation: 0, warmth: 0, contrast: 0 });
    const stripes = new Uint8Array([0, 0, 0, 255, 0, 0, 0, 0, 0, 255, 0, 0]);
    expect(featuresOfPixels(stripes, 3).contrast).toBeGreaterThan(0.9);
  });

  it('only the moods near the best take part in the ranking', () => {
    expect(leadingMoods([{ mood: 'a', score: 0.9 }, { mood: 'b', score: 0.65 }, { mood: 'c', score: 0.5 }]).map((m) => m.mood)).toEqual(['a', 'b']);
  });

  it('genre families', () => {
    expect(familyOf('jazz')).toEqual(expect.arrayContaining(['bossa_nova', 'rnb', 'funk']));
    expect(familyOf('jazz')).not.toContain('jazz');
  });
});
