/**
 * The mood/genre lexicon of the search API (Korean and English): what a free-text description
 * means in terms of the catalog's tags. Pure data and rules, no I/O.
 *
 * - A CONCEPT is a mood or genre the platform knows (calm, jazz…). Tag options of the catalog are
 *   mapped to concepts by their value (`conceptsOfTagValue`), so an operator's "Calm", "잔잔함"
 *   or "Relaxing" are one concept; a tag the lexicon does not know is still found by full text and
 *   trigram matching over its value.
 * - An ALIAS is a word or phrase of a query that names a concept (synonyms in both languages).
 *   English aliases match whole words (plural "s" ignored); Korean aliases match a word's start,
 *   so conjugated and particle forms ("잔잔한", "잔잔하게", "카페에서") match their stem.
 * - A SITUATION ("cafe", "비 오는", "workout") stands for several concepts with weights; a
 *   negative weight is what the situation rules out (sleep: nothing tense or energetic).
 * - A NEGATION ("not too loud", "시끄럽지 않은", "EDM 말고") turns the concepts it covers into a
 *   penalty and adds half their weight to the opposite concept (not loud → calm).
 */

export type ConceptKind = 'MOOD' | 'GENRE';

export interface Concept {
  key: string;
  kind: ConceptKind;
  /** English aliases: whole words or phrases, lower case. */
  en: string[];
  /** Korean aliases: stems matched at the start of a word (at least two syllables unless listed in `exact`). */
  ko: string[];
  /** Korean words matched only exactly (one-syllable words such as 비, 락). */
  exact?: string[];
}

export const CONCEPTS: Concept[] = [
  // Moods
  { key: 'calm', kind: 'MOOD', en: ['calm', 'peaceful', 'relaxing', 'relaxed', 'relax', 'soothing', 'mellow', 'gentle', 'soft', 'quiet', 'tranquil', 'serene', 'chill', 'chilled', 'chillout', 'laid-back', 'laid back', 'easy listening', 'healing', 'slow', 'smooth', 'low-key'], ko: ['잔잔', '차분', '편안', '편한', '조용', '고요', '평온', '부드러', '부드럽', '힐링', '휴식', '여유', '느긋', '나른', '안정', '느린', '느리', '스무스'] },
  { key: 'cozy', kind: 'MOOD', en: ['cozy', 'cosy', 'warm', 'comforting', 'homey', 'snug'], ko: ['포근', '아늑', '따뜻', '따스', '훈훈'] },
  { key: 'happy', kind: 'MOOD', en: ['happy', 'cheerful', 'joyful', 'joy', 'bright', 'sunny', 'feel-good', 'feel good', 'fun', 'playful', 'light-hearted', 'lighthearted', 'positive', 'lively'], ko: ['행복', '즐거', '즐겁', '밝은', '밝게', '밝고', '경쾌', '기분 좋', '기분좋', '유쾌', '발랄', '상큼', '산뜻', '화사', '명랑'] },
  { key: 'energetic', kind: 'MOOD', en: ['energetic', 'energy', 'exciting', 'excited', 'powerful', 'intense', 'loud', 'hype', 'hyped', 'pumping', 'pump', 'fast', 'dynamic', 'high-energy', 'high energy', 'banger', 'heavy', 'aggressive', 'thrilling'], ko: ['신나', '신난', '신남', '활기', '에너지', '강렬', '시끄러', '시끄럽', '빠른', '빠르', '파워', '역동', '흥겨', '흥겹', '격렬', '힘찬', '텐션', '폭발'] },
  { key: 'groovy', kind: 'MOOD', en: ['groovy', 'groove', 'funky', 'danceable', 'dance', 'dancing', 'rhythmic', 'bouncy'], ko: ['그루브', '그루비', '리드미컬', '댄스', '춤'] },
  { key: 'melancholic', kind: 'MOOD', en: ['sad', 'melancholic', 'melancholy', 'gloomy', 'blue', 'lonely', 'sorrowful', 'emotional', 'moody', 'bittersweet', 'heartbreak', 'tearful', 'somber'], ko: ['슬픈', '슬프', '우울', '쓸쓸', '외로', '외롭', '감성', '애절', '센치', '서글', '눈물', '이별', '먹먹', '울적'] },
  { key: 'romantic', kind: 'MOOD', en: ['romantic', 'romance', 'love', 'lovely', 'sweet', 'tender', 'date', 'sensual', 'intimate'], ko: ['로맨틱', '로맨스', '사랑', '달콤', '설레', '설렘', '데이트', '연인', '감미'] },
  { key: 'dreamy', kind: 'MOOD', en: ['dreamy', 'dream', 'ethereal', 'atmospheric', 'spacey', 'floaty', 'hazy', 'mystical', 'mysterious'], ko: ['몽환', '신비', '꿈같', '꿈결', '아련'] },
  { key: 'nostalgic', kind: 'MOOD', en: ['nostalgic', 'nostalgia', 'retro', 'vintage', 'old-school', 'old school', 'throwback', 'classic vibe'], ko: ['향수', '추억', '그리운', '그립', '레트로', '복고', '옛날', '빈티지'] },
  { key: 'hopeful', kind: 'MOOD', en: ['hopeful', 'hope', 'uplifting', 'inspiring', 'inspirational', 'optimistic', 'motivational', 'motivating', 'encouraging', 'fresh'], ko: ['희망', '벅찬', '벅차', '감동', '긍정', '응원', '상쾌', '청량', '산뜻한 시작'] },
  { key: 'tense', kind: 'MOOD', en: ['tense', 'dark', 'suspenseful', 'suspense', 'ominous', 'dramatic', 'epic', 'scary', 'creepy'], ko: ['긴장', '어두', '어둡', '무거', '무겁', '웅장', '비장', '음산', '무서'] },
  // Genres
  { key: 'jazz', kind: 'GENRE', en: ['jazz', 'jazzy', 'swing', 'bebop'], ko: ['재즈', '스윙'] },
  { key: 'bossa_nova', kind: 'GENRE', en: ['bossa nova', 'bossa', 'bossanova', 'samba', 'latin'], ko: ['보사노바', '보사', '삼바', '라틴'] },
  { key: 'acoustic', kind: 'GENRE', en: ['acoustic', 'unplugged', 'guitar', 'singer-songwriter'], ko: ['어쿠스틱', '통기타', '기타'] },
  { key: 'piano', kind: 'GENRE', en: ['piano', 'solo piano', 'keys'], ko: ['피아노'] },
  { key: 'classical', kind: 'GENRE', en: ['classical', 'orchestra', 'orchestral', 'strings', 'string quartet', 'symphony', 'baroque', 'violin', 'cello'], ko: ['클래식', '오케스트라', '현악', '교향', '바로크', '바이올린', '첼로'] },
  { key: 'lofi', kind: 'GENRE', en: ['lofi', 'lo-fi', 'lo fi', 'chillhop'], ko: ['로파이', '로우파이'] },
  { key: 'ambient', kind: 'GENRE', en: ['ambient', 'new age', 'drone', 'soundscape'], ko: ['앰비언트', '엠비언트', '뉴에이지'] },
  { key: 'pop', kind: 'GENRE', en: ['pop', 'pop music', 'mainstream'], ko: ['팝송', '팝'] },
  { key: 'kpop', kind: 'GENRE', en: ['k-pop', 'kpop', 'k pop', 'idol'], ko: ['케이팝', '가요', '아이돌'] },
  { key: 'rock', kind: 'GENRE', en: ['rock', 'rock and roll', 'guitar rock', 'punk', 'metal', 'band'], ko: ['록', '밴드', '펑크록', '메탈'], exact: ['락'] },
  { key: 'edm', kind: 'GENRE', en: ['edm', 'electronic', 'electronica', 'electro', 'techno', 'trance', 'dubstep', 'club'], ko: ['일렉트로닉', '일렉트로', '일렉', '테크노', '트랜스', '클럽'] },
  { key: 'house', kind: 'GENRE', en: ['house', 'deep house', 'tropical house'], ko: ['하우스'] },
  { key: 'hiphop', kind: 'GENRE', en: ['hip-hop', 'hip hop', 'hiphop', 'rap', 'trap', 'beats'], ko: ['힙합', '랩', '트랩'] },
  { key: 'rnb', kind: 'GENRE', en: ['r&b', 'rnb', 'soul', 'neo soul', 'rhythm and blues'], ko: ['알앤비', '소울'] },
  { key: 'funk', kind: 'GENRE', en: ['funk', 'disco', 'boogie'], ko: ['펑키', '디스코'], exact: ['펑크'] },
  { key: 'indie', kind: 'GENRE', en: ['indie', 'indie pop', 'alternative'], ko: ['인디', '얼터너티브'] },
  { key: 'folk', kind: 'GENRE', en: ['folk', 'country', 'americana'], ko: ['포크', '컨트리'] },
  { key: 'ballad', kind: 'GENRE', en: ['ballad', 'ballads', 'love song'], ko: ['발라드'] },
];

export const CONCEPT_BY_KEY = new Map(CONCEPTS.map((c) => [c.key, c]));

/** The concept a negation leans towards ("not loud" → calm). */
export const OPPOSITES: Record<string, string> = {
  energetic: 'calm',
  calm: 'energetic',
  happy: 'melancholic',
  melancholic: 'happy',
  tense: 'calm',
  groovy: 'calm',
};

export interface Situation {
  en: string[];
  ko: string[];
  exact?: string[];
  concepts: Record<string, number>;
}

/** Places, times, weather and activities, each standing for weighted concepts. */
export const SITUATIONS: Situation[] = [
  { en: ['cafe', 'café', 'coffee', 'coffee shop', 'coffeehouse'], ko: ['카페', '커피'], concepts: { calm: 0.7, cozy: 0.6, jazz: 0.5, acoustic: 0.5, bossa_nova: 0.5, lofi: 0.3 } },
  { en: ['rain', 'rainy', 'raining', 'drizzle', 'storm'], ko: ['비오', '비 오', '비가', '빗소리', '비내리', '비 내리', '장마', '빗속'], exact: ['비'], concepts: { calm: 0.6, melancholic: 0.5, cozy: 0.4, piano: 0.5, jazz: 0.3, lofi: 0.3 } },
  { en: ['morning', 'sunrise', 'dawn', 'wake up', 'breakfast'], ko: ['아침', '모닝', '출근', '일출'], concepts: { calm: 0.4, hopeful: 0.5, happy: 0.3, acoustic: 0.4, piano: 0.2 } },
  { en: ['night', 'late night', 'midnight', 'evening', 'nighttime'], ko: ['새벽', '한밤', '야간', '저녁', '자정'], exact: ['밤', '밤에'], concepts: { calm: 0.5, dreamy: 0.4, jazz: 0.4, lofi: 0.4, rnb: 0.3 } },
  { en: ['workout', 'gym', 'exercise', 'running', 'run', 'fitness', 'training', 'cardio', 'sport', 'sports'], ko: ['운동', '헬스', '러닝', '달리기', '조깅', '피트니스', '트레이닝', '스포츠'], concepts: { energetic: 1, edm: 0.6, hiphop: 0.5, rock: 0.4 } },
  { en: ['party', 'clubbing', 'festival', 'celebration'], ko: ['파티', '축제', '클럽에서', '페스티벌'], concepts: { energetic: 0.8, groovy: 0.7, happy: 0.4, edm: 0.6, house: 0.6 } },
  { en: ['study', 'studying', 'focus', 'focused', 'concentration', 'concentrate', 'work', 'working', 'office', 'reading', 'coding', 'productive'], ko: ['공부', '집중', '업무', '독서', '사무실', '작업', '코딩', '도서관'], concepts: { calm: 0.7, lofi: 0.7, piano: 0.5, ambient: 0.5, classical: 0.4, energetic: -0.3, tense: -0.3 } },
  { en: ['sleep', 'sleeping', 'bedtime', 'nap', 'lullaby'], ko: ['수면', '잠잘', '잠들', '자장가', '낮잠', '숙면'], concepts: { calm: 1, ambient: 0.6, piano: 0.5, dreamy: 0.4, energetic: -0.5, tense: -0.5 } },
  { en: ['meditation', 'meditate', 'yoga', 'spa', 'massage', 'mindfulness'], ko: ['명상', '요가', '스파', '마사지'], concepts: { calm: 1, ambient: 0.8, dreamy: 0.3, energetic: -0.5, tense: -0.5 } },
  { en: ['dinner', 'restaurant', 'wine', 'bistro', 'fine dining', 'candlelight', 'bar', 'lounge', 'cocktail'], ko: ['레스토랑', '와인', '디너', '저녁 식사', '식당', '바에서', '라운지', '칵테일'], concepts: { romantic: 0.5, calm: 0.5, jazz: 0.7, bossa_nova: 0.3 } },
  { en: ['shopping', 'store', 'retail', 'boutique', 'mall', 'shop'], ko: ['쇼핑', '매장', '옷가게', '편집숍', '백화점', '가게'], concepts: { happy: 0.5, groovy: 0.3, pop: 0.5, indie: 0.3 } },
  { en: ['spring', 'springtime', 'picnic', 'flowers', 'blossom'], ko: ['봄', '피크닉', '소풍', '벚꽃', '꽃놀이'], concepts: { happy: 0.5, hopeful: 0.4, romantic: 0.3, acoustic: 0.4 } },
  { en: ['summer', 'beach', 'pool', 'vacation', 'holiday', 'tropical'], ko: ['여름', '바다', '해변', '휴가', '바캉스', '여행'], concepts: { happy: 0.6, energetic: 0.4, pop: 0.4, bossa_nova: 0.3, house: 0.3 } },
  { en: ['autumn', 'fall'], ko: ['가을', '낙엽'], concepts: { melancholic: 0.5, cozy: 0.5, acoustic: 0.5, folk: 0.4, jazz: 0.3 } },
  { en: ['winter', 'snow', 'snowy', 'christmas', 'fireplace'], ko: ['겨울', '크리스마스', '성탄', '벽난로', '눈 오', '눈오', '눈이'], concepts: { cozy: 0.8, calm: 0.4, romantic: 0.2 } },
  { en: ['drive', 'driving', 'road trip', 'roadtrip', 'highway'], ko: ['드라이브', '운전', '고속도로'], concepts: { energetic: 0.5, happy: 0.4, pop: 0.4, rock: 0.3 } },
  { en: ['sunset', 'dusk', 'twilight', 'golden hour'], ko: ['노을', '석양', '해질', '황혼'], concepts: { dreamy: 0.5, calm: 0.5, nostalgic: 0.3 } },
  { en: ['wedding', 'anniversary', 'valentine', 'proposal'], ko: ['결혼', '웨딩', '기념일', '발렌타인', '프로포즈'], concepts: { romantic: 1, classical: 0.4, piano: 0.4 } },
  { en: ['brunch', 'bakery', 'afternoon', 'tea'], ko: ['브런치', '베이커리', '빵집', '오후', '티타임'], concepts: { happy: 0.4, cozy: 0.4, calm: 0.4, acoustic: 0.5, bossa_nova: 0.4, jazz: 0.3 } },
  { en: ['upbeat', 'up-tempo', 'uptempo'], ko: ['업비트', '업템포'], concepts: { happy: 0.8, energetic: 0.8 } },
  { en: ['hotel', 'lobby'], ko: ['호텔', '로비'], concepts: { calm: 0.6, jazz: 0.5, piano: 0.4, ambient: 0.3 } },
];

const EN_STOP = new Set(
  'a an the for to of in on at with music musics song songs track tracks playlist playlists some something that this is are be i me my we our you want wanted need needs play playing played background bgm like and or too very really bit little kind sort vibe vibes feel feeling feels mood moods type style sound sounds genre please give find show any into during while from by as it its more most much so just what which good nice great for’s plus'.split(
    ' ',
  ),
);
const KO_STOP = new Set(['음악', '노래', '곡', '플레이리스트', '배경음악', '브금', '틀어줘', '틀어', '듣기', '좋은', '같은', '느낌', '분위기', '위한', '할때', '때', '에서', '어울리는', '어울릴', '추천', '추천해줘', '찾아줘', '줘', '좀', '있는', '하는', '그런', '듯한', '너무', '아주', '매우', '정말', '조금', '약간', '듣는', '듣기좋은', '용', '스타일', '장르', '무드']);
const EN_NEGATIONS = new Set(['not', 'no', 'without', 'never', "isn't", "aren't", "don't", 'dont', 'isnt', 'arent', 'avoid', 'less', 'non', 'nothing', 'except', 'minus', 'instead', 'anything but']);
/** Korean words that negate the word before them ("시끄럽지 않은", "EDM 말고", "발라드 빼고", "우울하지 않게"). */
const KO_NEGATE_PREVIOUS = ['않', '말고', '빼고', '제외', '아닌', '아니', '싫', '없는', '없이'];
/** Korean words that negate the word after them ("안 시끄러운", "덜 신나는"). */
const KO_NEGATE_NEXT = new Set(['안', '덜', '별로', '전혀']);

const HANGUL = /[\uac00-\ud7a3]/;

/** NFKC, lower case, words of letters, digits, `&` and inner `-`/`'`. */
export const tokenize = (text: string): string[] =>
  (text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}&]+(?:[-'’][\p{L}\p{N}&]+)*/gu) ?? []).map((t) => t.replace(/’/g, "'"));

const englishForm = (word: string) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);

interface AliasEntry {
  words: string[];
  korean: boolean;
  exact: boolean;
  concepts: Record<string, number>;
  label: string;
}

const aliasEntries = (): AliasEntry[] => {
  const out: AliasEntry[] = [];
  const add = (alias: string, korean: boolean, exact: boolean, concepts: Record<string, number>) => {
    const words = korean ? alias.split(/\s+/) : tokenize(alias);
    if (words.length) out.push({ words, korean, exact, concepts, label: alias });
  };
  for (const c of CONCEPTS) {
    for (const a of c.en) add(a, false, false, { [c.key]: 1 });
    for (const a of c.ko) add(a, true, false, { [c.key]: 1 });
    for (const a of c.exact ?? []) add(a, true, true, { [c.key]: 1 });
  }
  for (const s of SITUATIONS) {
    for (const a of s.en) add(a, false, false, s.concepts);
    for (const a of s.ko) add(a, true, false, s.concepts);
    for (const a of s.exact ?? []) add(a, true, true, s.concepts);
  }
  // Longest phrases first, so "bossa nova" wins over "bossa" and "late night" over "night".
  return out.sort((a, b) => b.words.length - a.words.length || b.words.join(' ').length - a.words.join(' ').length);
};
const ALIASES = aliasEntries();

const wordMatches = (token: string, aliasWord: string, korean: boolean, exact: boolean, last: boolean): boolean => {
  if (!korean) return englishForm(token) === englishForm(aliasWord);
  if (exact) return token === aliasWord;
  // Korean stems match the start of a word; inner words of a phrase must start it too.
  return last || token.length > aliasWord.length ? token.startsWith(aliasWord) : token === aliasWord;
};

/** A concept a query asks for (weight > 0) or against (weight < 0), and the words that said so. */
export interface QueryConcept {
  concept: string;
  weight: number;
  terms: string[];
}

export interface QueryInterpretation {
  concepts: QueryConcept[];
  /** Words the lexicon does not know, left for full-text and trigram matching (titles, tag values). */
  keywords: string[];
}

interface Span {
  start: number;
  end: number;
  entry?: AliasEntry;
  label: string;
}

const matchAt = (tokens: string[], i: number): AliasEntry | undefined =>
  ALIASES.find((e) => e.words.length <= tokens.length - i && e.words.every((w, k) => wordMatches(tokens[i + k]!, w, e.korean, e.exact, k === e.words.length - 1)));

/**
 * What a description asks for: concept weights (situations spread over their concepts; a concept
 * named twice keeps its largest weight) and the leftover keywords. Negated spans become negative
 * weights with half their weight added to the opposite concept.
 */
export const interpretQuery = (text: string): QueryInterpretation => {
  const tokens = tokenize(text);
  const spans: Span[] = [];
  for (let i = 0; i < tokens.length; ) {
    const entry = matchAt(tokens, i);
    if (entry) {
      spans.push({ start: i, end: i + entry.words.length, entry, label: tokens.slice(i, i + entry.words.length).join(' ') });
      i += entry.words.length;
    } else {
      spans.push({ start: i, end: i + 1, label: tokens[i]! });
      i += 1;
    }
  }
  const negated = new Set<number>();
  spans.forEach((span, idx) => {
    const word = span.label;
    if (!span.entry && (EN_NEGATIONS.has(word) || (word === 'but' && spans[idx - 1]?.label === 'anything'))) {
      // English: the next concept within three words ("not too loud", "no heavy drums").
      for (let k = idx + 1; k < Math.min(spans.length, idx + 4); k++) {
        if (spans[k]!.entry) {
          negated.add(k);
          if (!(spans[k + 1]?.label === 'or' || spans[k + 1]?.label === 'and' || spans[k + 1]?.label === 'nor')) break;
        }
      }
    }
    if (HANGUL.test(word)) {
      if (KO_NEGATE_NEXT.has(word)) {
        const next = spans.slice(idx + 1, idx + 3).findIndex((s) => s.entry);
        if (next >= 0) negated.add(idx + 1 + next);
      }
      if (KO_NEGATE_PREVIOUS.some((n) => word.startsWith(n))) {
        // "시끄럽지 않은": the concept just before; "너무 신나지 않고": skip fillers.
        for (let k = idx - 1; k >= Math.max(0, idx - 2); k--) {
          if (spans[k]!.entry) {
            negated.add(k);
            break;
          }
        }
      }
      // One word: "신나지않은", "시끄럽지않게".
      if (span.entry && /지않|지말|말고$|빼고$|없는$|없이$/.test(word)) negated.add(idx);
    }
  });

  const positive = new Map<string, QueryConcept>();
  const negative = new Map<string, QueryConcept>();
  const put = (map: Map<string, QueryConcept>, concept: string, weight: number, term: string) => {
    const current = map.get(concept);
    if (!current) map.set(concept, { concept, weight, terms: [term] });
    else {
      current.weight = Math.max(current.weight, weight);
      if (!current.terms.includes(term)) current.terms.push(term);
    }
  };
  const keywords: string[] = [];
  spans.forEach((span, idx) => {
    if (!span.entry) {
      const w = span.label;
      const stop = HANGUL.test(w) ? KO_STOP.has(w) || KO_NEGATE_NEXT.has(w) || KO_NEGATE_PREVIOUS.some((n) => w.startsWith(n)) : EN_STOP.has(w) || EN_NEGATIONS.has(w);
      if (!stop && w.length > 1 && !/^\d+$/.test(w)) keywords.push(w);
      return;
    }
    for (const [concept, weight] of Object.entries(span.entry.concepts)) {
      if (weight < 0) {
        if (!negated.has(idx)) put(negative, concept, -weight, span.label);
      } else if (negated.has(idx)) {
        put(negative, concept, weight, `not ${span.label}`);
        const opposite = OPPOSITES[concept];
        if (opposite) put(positive, opposite, weight / 2, `not ${span.label}`);
      } else put(positive, concept, weight, span.label);
    }
  });
  // A concept both asked for and against: the negation wins (it is the more specific wish).
  for (const key of negative.keys()) positive.delete(key);
  return {
    concepts: [...positive.values(), ...[...negative.values()].map((c) => ({ ...c, weight: -c.weight }))],
    keywords: [...new Set(keywords)],
  };
};

/** The concepts a catalog tag value stands for (its words or stems are aliases of them). */
export const conceptsOfTagValue = (value: string, kind: ConceptKind): string[] => {
  const tokens = tokenize(value);
  const found = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const entry = ALIASES.find(
      (e) =>
        Object.keys(e.concepts).length === 1 &&
        CONCEPT_BY_KEY.get(Object.keys(e.concepts)[0]!)?.kind === kind &&
        e.words.length <= tokens.length - i &&
        e.words.every((w, k) => wordMatches(tokens[i + k]!, w, e.korean, e.exact, k === e.words.length - 1)),
    );
    if (entry) found.add(Object.keys(entry.concepts)[0]!);
  }
  return [...found];
};
