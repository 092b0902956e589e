// Preloaded into both servers of bench/sse-fanout.bench.mjs (node --require): answers the bench
// driver over the IPC channel with the process's RSS, CPU time and longest event-loop block, and
// the garbage collections of a time window (to tell what sits behind a latency tail).
const { monitorEventLoopDelay, constants } = require('node:perf_hooks');

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const GC_KIND = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};
// The last 20,000 collections: [start (epoch ms), duration (ms), kind].
const gcs = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcs.push([performance.timeOrigin + entry.startTime, entry.duration, GC_KIND[entry.detail?.kind] ?? String(entry.detail?.kind)]);
  }
  if (gcs.length > 20_000) gcs.splice(0, gcs.length - 20_000);
}).observe({ entryTypes: ['gc'] });
if (process.channel) process.channel.unref();
// A CPU profile of a window the driver chooses (--profile): started and stopped over IPC, so it
// holds the rate phase only, not the storm and the idle minutes before it.
let profiler;
const startProfile = (done) => {
  const inspector = require('node:inspector');
  profiler = new inspector.Session();
  profiler.connect();
  profiler.post('Profiler.enable', () => profiler.post('Profiler.setSamplingInterval', { interval: 200 }, () => profiler.post('Profiler.start', done)));
};
const stopProfile = (file, done) =>
  profiler.post('Profiler.stop', (err, result) => {
    if (!err) require('node:fs').writeFileSync(file, JSON.stringify(result.profile));
    profiler.disconnect();
    profiler = undefined;
    done();
  });

// Sampled allocations over a window the driver chooses (what a keep-alive or an event allocates):
// <file>.heapprofile, allocations still live and already collected alike (includeObjectsCollectedBy*).
let sampler;
const startSampling = (done) => {
  const inspector = require('node:inspector');
  sampler = new inspector.Session();
  sampler.connect();
  sampler.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true }, done);
};
const stopSampling = (file, done) =>
  sampler.post('HeapProfiler.stopSampling', (err, result) => {
    if (!err) require('node:fs').writeFileSync(file, JSON.stringify(result.profile));
    sampler.disconnect();
    sampler = undefined;
    done();
  });

process.on('message', (m) => {
  if (!m || typeof m !== 'object' || !m.monitor) return;
  if (m.monitor === 'profile-start') return startProfile(() => process.send({ monitorReply: m.id }));
  if (m.monitor === 'profile-stop') return stopProfile(m.file, () => process.send({ monitorReply: m.id }));
  if (m.monitor === 'heap-sample-start') return startSampling(() => process.send({ monitorReply: m.id }));
  if (m.monitor === 'heap-sample-stop') return stopSampling(m.file, () => process.send({ monitorReply: m.id }));
  if (m.monitor === 'gc' && global.gc) global.gc();
  if (m.monitor === 'reset-loop') loop.reset();
  if (m.monitor === 'gcs') {
    process.send({ monitorReply: m.id, gcs: gcs.filter(([at, ms]) => at + ms >= m.from && at <= m.to) });
    return;
  }
  const cpu = process.cpuUsage();
  // The old generation: what a long idle window promotes there decides when the next major GC comes.
  const old = require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'old_space');
  process.send({ monitorReply: m.id, rss: process.memoryUsage().rss, cpuMs: (cpu.user + cpu.system) / 1000, loopMaxMs: loop.max / 1e6, oldUsedMb: old.space_used_size / 2 ** 20 });
});
