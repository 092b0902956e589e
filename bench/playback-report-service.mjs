#!/usr/bin/env node
// The playback service for bench/playback-report.bench.mjs, in a process of its own (so the load
// generator does not share its event loop). Peers are in-memory ports: every store belongs to one
// HQ, no device is valid, the music pool is known (half TRUST, half AI). With the service's peer
// cache, a report makes no peer call in the steady state anyway. Prints {"url": ...} when ready.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { loadPlaybackConfig } = require('../services/playback/dist/config.js');
const { start } = require('../services/playback/dist/server.js');

const HQ = process.env.BENCH_HQ_ID;
const music = new Map(JSON.parse(process.env.BENCH_MUSIC).map((id, i) => [id, { title: `Song ${i}`, musicSource: i % 2 === 0 ? 'TRUST' : 'AI' }]));

const service = await start(loadPlaybackConfig(process.env), {
  organization: {
    getStore: async (storeId) => ({ id: storeId, hqId: HQ, name: `Store ${storeId.slice(-4)}`, closed: false }),
    isValidDevice: async () => false,
    effectiveSettings: async () => ({ hqId: HQ, commercialCycleSongs: 5, duckEnabled: true, duckVolumePercent: 20, duckFadeMs: 400, plan: null }),
    storesOfHq: async () => [],
  },
  catalog: {
    resolvePlaylist: async () => ({ playlist: null, source: 'NONE' }),
    playableMusic: async () => [],
    musicByIds: async (ids) => new Map(ids.filter((id) => music.has(id)).map((id) => [id, music.get(id)])),
  },
  commercials: { activeSongs: async () => [] },
});
process.stdout.write(`${JSON.stringify({ url: service.httpUrl })}\n`);
process.on('SIGTERM', () => void service.stop().then(() => process.exit(0)));
