/**
 * `npm run eval -w services/catalog-search`: seeds the evaluation catalog into a fresh database,
 * starts the service and asks each search endpoint over HTTP; prints nDCG@10 and MRR per mode
 * beside the plain title-keyword baseline. No model is downloaded or loaded.
 */
import { createLogger } from '@storecast/service-kit';
import { createTestEnv } from '@storecast/service-kit/testing';
import { loadCatalogSearchConfig } from '../src/config';
import { start } from '../src/server';
import { generateCatalog, seedCatalog, type SeededTrack } from './catalog-seed';
import { grade, IMAGE_CASES, imageGrade, SIMILAR_SEEDS, similarGrade, TEXT_CASES } from './eval-set';
import { drawImage } from './images';
import { mean, ndcgAt, reciprocalRank, titleKeywordRank } from './metrics';

export const CATALOG_SIZE = 324;

interface Row {
  mode: string;
  n: number;
  ndcg: number;
  mrr: number;
  baseNdcg: number;
  baseMrr: number;
}

export const runEvaluation = async (options: { verbose?: boolean } = {}): Promise<Row[]> => {
  const env = await createTestEnv('catalog-search-eval');
  const service = await start(loadCatalogSearchConfig(env.env({ PURGE_INTERVAL_MS: '0', S3_ENDPOINT: 'http://127.0.0.1:9' })), { logger: createLogger('catalog-search', 'silent') });
  try {
    const tracks = generateCatalog(CATALOG_SIZE);
    await seedCatalog(service.ctx.pool, tracks);
    const byId = new Map(tracks.map((t) => [t.id, t]));
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${service.httpUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { results: Array<{ track: { id: string } }> };
    };
    const idsOf = (r: { results: Array<{ track: { id: string } }> }) => r.results.map((x) => byId.get(x.track.id)!).filter(Boolean);
    const rows: Row[] = [];
    const score = (mode: string, cases: Array<{ ranked: SeededTrack[]; baseline: SeededTrack[]; gradeOf: (t: SeededTrack) => number; label: string }>) => {
      const ndcg: number[] = [];
      const mrr: number[] = [];
      const bn: number[] = [];
      const bm: number[] = [];
      for (const c of cases) {
        const all = tracks.map(c.gradeOf);
        const g = c.ranked.map(c.gradeOf);
        const b = c.baseline.map(c.gradeOf);
        ndcg.push(ndcgAt(g, all));
        mrr.push(reciprocalRank(g));
        bn.push(ndcgAt(b, all));
        bm.push(reciprocalRank(b));
        if (options.verbose) console.log(`${mode.padEnd(10)} ${ndcg[ndcg.length - 1]!.toFixed(3)} ${bn[bn.length - 1]!.toFixed(3)}  ${c.label}  [${g.join('')}]`);
      }
      rows.push({ mode, n: cases.length, ndcg: mean(ndcg), mrr: mean(mrr), baseNdcg: mean(bn), baseMrr: mean(bm) });
    };

    const text = [];
    for (const c of TEXT_CASES) {
      const res = await post('/api/music/search/text', { query_text: c.q, limit: 10 });
      text.push({ lang: c.lang, ranked: idsOf(res), baseline: titleKeywordRank(tracks, c.q.split(/[\s,]+/)), gradeOf: (t: SeededTrack) => grade(t, c), label: c.q });
    }
    score('text', text);
    score('text (ko)', text.filter((c) => c.lang === 'ko'));
    score('text (en)', text.filter((c) => c.lang === 'en'));

    const images = [];
    for (const c of IMAGE_CASES) {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(await drawImage(c.draw))], { type: 'image/png' }), `${c.name}.png`);
      form.append('limit', '10');
      const res = await fetch(`${service.httpUrl}/api/music/search/image`, { method: 'POST', body: form });
      if (res.status !== 200) throw new Error(`image answered ${res.status}: ${await res.text()}`);
      images.push({ ranked: idsOf((await res.json()) as { results: Array<{ track: { id: string } }> }), baseline: titleKeywordRank(tracks, c.words), gradeOf: (t: SeededTrack) => imageGrade(t, c), label: c.name });
    }
    score('image', images);

    const similar = [];
    for (const i of SIMILAR_SEEDS) {
      const seed = tracks[i]!;
      const res = await post('/api/music/search/similar', { music_id: seed.id, limit: 10 });
      const baseline = titleKeywordRank(tracks.filter((t) => t.id !== seed.id), seed.title.split(/\s+/));
      similar.push({ ranked: idsOf(res), baseline, gradeOf: (t: SeededTrack) => similarGrade(seed, t), label: `${seed.title} (${seed.genre}; ${seed.moods.join(', ')})` });
    }
    score('similar', similar);
    return rows;
  } finally {
    await service.stop();
    await env.cleanup();
  }
};

export const formatRows = (rows: Row[]) =>
  [
    'mode         cases  nDCG@10   MRR    | baseline (title keywords) nDCG@10   MRR',
    ...rows.map((r) => `${r.mode.padEnd(12)} ${String(r.n).padStart(5)}  ${r.ndcg.toFixed(3)}   ${r.mrr.toFixed(3)}  |                           ${r.baseNdcg.toFixed(3)}   ${r.baseMrr.toFixed(3)}`),
  ].join('\n');

if (require.main === module) {
  runEvaluation({ verbose: process.argv.includes('--verbose') })
    .then((rows) => {
      console.log(`catalog: ${CATALOG_SIZE} seeded tracks; ${TEXT_CASES.length} text queries, ${IMAGE_CASES.length} images, ${SIMILAR_SEEDS.length} similar seeds`);
      console.log(formatRows(rows));
      process.exit(0);
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
