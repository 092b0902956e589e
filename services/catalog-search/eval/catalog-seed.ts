import { refreshSignaturesQueries } from '../src/db/search.sql';

/**
 * A deterministic catalog of tagged tracks for ranking tests and the search evaluation: realistic
 * titles, one genre and 1–3 moods per track drawn from the moods that genre usually carries.
 * Inserted with plain SQL (tag options, music, music_moods); the ground truth is returned.
 */

export interface SeededTrack {
  id: string;
  title: string;
  genre: string;
  moods: string[];
  durationSeconds: number;
}

/** Tag values as an operator would type them, by concept. */
export const GENRE_VALUES: Record<string, string> = {
  jazz: 'Jazz', bossa_nova: 'Bossa Nova', acoustic: 'Acoustic', piano: 'Piano', classical: 'Classical', lofi: 'Lo-fi', ambient: 'Ambient',
  pop: 'Pop', kpop: 'K-Pop', rock: 'Rock', edm: 'EDM', house: 'House', hiphop: 'Hip-Hop', rnb: 'R&B', funk: 'Funk', indie: 'Indie', folk: 'Folk', ballad: 'Ballad',
};
export const MOOD_VALUES: Record<string, string> = {
  calm: 'Calm', cozy: 'Cozy', happy: 'Happy', energetic: 'Energetic', groovy: 'Groovy', melancholic: 'Melancholic', romantic: 'Romantic',
  dreamy: 'Dreamy', nostalgic: 'Nostalgic', hopeful: 'Hopeful', tense: 'Tense',
};
/** A second, Korean tag for calm (an operator's own wording): some calm tracks carry it instead. */
export const KOREAN_CALM = '잔잔함';

const GENRE_MOODS: Record<string, string[]> = {
  jazz: ['calm', 'cozy', 'romantic', 'nostalgic', 'groovy', 'melancholic'],
  bossa_nova: ['calm', 'happy', 'cozy', 'romantic'],
  acoustic: ['calm', 'cozy', 'happy', 'hopeful', 'melancholic'],
  piano: ['calm', 'melancholic', 'dreamy', 'hopeful', 'romantic'],
  classical: ['calm', 'dreamy', 'tense', 'hopeful', 'romantic'],
  lofi: ['calm', 'cozy', 'dreamy', 'nostalgic', 'melancholic'],
  ambient: ['calm', 'dreamy', 'tense'],
  pop: ['happy', 'energetic', 'romantic', 'hopeful'],
  kpop: ['happy', 'energetic', 'groovy', 'romantic'],
  rock: ['energetic', 'tense', 'hopeful'],
  edm: ['energetic', 'groovy', 'happy', 'tense'],
  house: ['groovy', 'energetic', 'happy', 'dreamy'],
  hiphop: ['energetic', 'groovy', 'tense', 'nostalgic'],
  rnb: ['romantic', 'groovy', 'calm', 'melancholic'],
  funk: ['groovy', 'happy', 'energetic'],
  indie: ['hopeful', 'melancholic', 'dreamy', 'happy'],
  folk: ['calm', 'nostalgic', 'cozy', 'melancholic'],
  ballad: ['melancholic', 'romantic', 'calm'],
};

const DURATION: Record<string, [number, number]> = {
  classical: [240, 600], ambient: [240, 540], edm: [180, 330], house: [200, 380], ballad: [210, 300], lofi: [110, 200], piano: [150, 300],
};

const ADJECTIVES: Record<string, string[]> = {
  calm: ['Quiet', 'Still', 'Gentle', 'Slow', 'Soft'], cozy: ['Warm', 'Velvet', 'Woolen', 'Amber', 'Fireside'], happy: ['Sunny', 'Bright', 'Golden', 'Lucky', 'Sweet'],
  energetic: ['Neon', 'Electric', 'Wild', 'Turbo', 'Burning'], groovy: ['Funky', 'Smooth', 'Rolling', 'Bouncy', 'Midnight'], melancholic: ['Blue', 'Faded', 'Lonely', 'Grey', 'Broken'],
  romantic: ['Tender', 'Rosy', 'Secret', 'Candlelit', 'Starry'], dreamy: ['Floating', 'Hazy', 'Lunar', 'Distant', 'Silver'], nostalgic: ['Old', 'Vintage', 'Polaroid', 'Yesterday', 'Cassette'],
  hopeful: ['Rising', 'New', 'Open', 'Clear', 'First'], tense: ['Dark', 'Iron', 'Shadow', 'Heavy', 'Restless'],
};
const NOUNS: Record<string, string[]> = {
  jazz: ['Avenue', 'Lounge', 'Saxophone', 'Corner', 'Martini'], bossa_nova: ['Ipanema Breeze', 'Samba Street', 'Copacabana', 'Terrace', 'Lagoon'],
  acoustic: ['Porch', 'Strings', 'Road Home', 'Meadow', 'Cabin'], piano: ['Nocturne', 'Keys', 'Etude', 'Prelude', 'Lullaby'],
  classical: ['Sonata', 'Overture', 'Adagio', 'Waltz', 'Symphony'], lofi: ['Study Tape', 'Bedroom Beat', 'Window', 'Notebook', 'Tape Loop'],
  ambient: ['Horizon', 'Drift', 'Field', 'Atmosphere', 'Tide'], pop: ['Summer', 'Heartbeat', 'Party Line', 'Holiday', 'Postcard'],
  kpop: ['Idol', 'Stage', 'Love Shot', 'Signal', 'Dreamer'], rock: ['Highway', 'Engine', 'Thunder', 'Garage', 'Riot'],
  edm: ['Pulse', 'Rave', 'Voltage', 'Circuit', 'Drop'], house: ['Dancefloor', 'Club Night', 'Groove Room', 'Strobe', 'Disco Ball'],
  hiphop: ['Block', 'Cypher', 'Hustle', 'Boom Bap', 'Streetlight'], rnb: ['Slow Jam', 'Silk', 'Late Call', 'Honey', 'Afterglow'],
  funk: ['Boogie', 'Bassline', 'Strut', 'Soul Train', 'Roller Rink'], indie: ['Bicycle', 'Rooftop', 'Letters', 'Paper Plane', 'Garden'],
  folk: ['Campfire', 'Harvest', 'River', 'Hillside', 'Country Road'], ballad: ['Goodbye', 'Tears', 'Promise', 'Memory', 'Last Snow'],
};
const KOREAN_TITLES = ['비 오는 오후', '새벽 세 시', '여름밤의 꿈', '첫눈', '봄날의 산책', '바다 너머', '오래된 편지', '달빛 정원', '골목길', '한강 노을', '겨울 창가', '우리의 계절'];

/** mulberry32: the same catalog on every run. */
const prng = (seed: number) => () => {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** A UUID v7-shaped id from a counter (time-ordered like newId, deterministic). */
const idOf = (prefix: number, n: number) => {
  const hex = (prefix * 1_000_000 + n).toString(16).padStart(12, '0');
  return `0190c6a0-0000-7000-8000-${hex}`;
};

export const generateCatalog = (count: number, seed = 20261123): SeededTrack[] => {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const genres = Object.keys(GENRE_MOODS);
  const tracks: SeededTrack[] = [];
  for (let i = 0; i < count; i++) {
    const genre = genres[i % genres.length]!;
    const pool = [...GENRE_MOODS[genre]!];
    const moodCount = 1 + Math.floor(rand() * 3);
    const moods: string[] = [];
    while (moods.length < Math.min(moodCount, pool.length)) {
      const m = pool.splice(Math.floor(rand() * pool.length), 1)[0]!;
      moods.push(m);
    }
    const [lo, hi] = DURATION[genre] ?? [150, 280];
    const title = rand() < 0.1 ? `${pick(KOREAN_TITLES)}${rand() < 0.5 ? '' : ` ${1 + Math.floor(rand() * 3)}`}` : `${pick(ADJECTIVES[moods[0]!]!)} ${pick(NOUNS[genre]!)}`;
    tracks.push({ id: idOf(2, i + 1), title, genre, moods, durationSeconds: Math.round(lo + rand() * (hi - lo)) });
  }
  return tracks;
};

/** Inserts the catalog: tag options (plus the Korean calm tag), music rows (created a minute apart) and moods. */
export const seedCatalog = async (pool: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> }, tracks: SeededTrack[], at = new Date('2026-11-01T00:00:00.000Z')): Promise<Map<string, string>> => {
  const tagIds = new Map<string, string>();
  let n = 0;
  const addTag = async (type: 'GENRE' | 'MOOD', value: string) => {
    const id = idOf(1, ++n);
    await pool.query(`insert into tag_options (id, type, value, sort_order, created_at, updated_at) values ($1, $2, $3, $4, $5, $5) on conflict (type, value) do nothing`, [id, type, value, n, at]);
    const { rows } = await pool.query(`select id from tag_options where type = $1 and value = $2`, [type, value]);
    tagIds.set(`${type}:${value}`, (rows[0] as { id: string }).id);
  };
  for (const v of Object.values(GENRE_VALUES)) await addTag('GENRE', v);
  for (const v of Object.values(MOOD_VALUES)) await addTag('MOOD', v);
  await addTag('MOOD', KOREAN_CALM);
  const ids: string[] = [];
  const titles: string[] = [];
  const durations: number[] = [];
  const genres: string[] = [];
  const created: Date[] = [];
  const links: Array<[string, string]> = [];
  tracks.forEach((t, i) => {
    ids.push(t.id);
    titles.push(t.title);
    durations.push(t.durationSeconds);
    genres.push(tagIds.get(`GENRE:${GENRE_VALUES[t.genre]}`)!);
    created.push(new Date(at.getTime() + (i + 1) * 60_000));
    for (const m of t.moods) {
      const value = m === 'calm' && i % 5 === 0 ? KOREAN_CALM : MOOD_VALUES[m]!;
      links.push([t.id, tagIds.get(`MOOD:${value}`)!]);
    }
  });
  await pool.query(
    `insert into music (id, title, duration_seconds, music_source, file_key, size_bytes, genre_id, created_at, updated_at)
     select id, title, d, 'AI', 'music/' || id || '.mp3', 1000, g, c, c from unnest($1::uuid[], $2::text[], $3::float8[], $4::uuid[], $5::timestamptz[]) as t(id, title, d, g, c)`,
    [ids, titles, durations, genres, created],
  );
  await pool.query(`insert into music_moods (music_id, mood_id, created_at) select m, o, $3 from unnest($1::uuid[], $2::uuid[]) as t(m, o)`, [links.map((l) => l[0]), links.map((l) => l[1]), at]);
  // What the tagging use case keeps in step: each music's (genre, moods) signature.
  for (const q of refreshSignaturesQueries(null)) await pool.query(q.text, q.values);
  return tagIds;
};
