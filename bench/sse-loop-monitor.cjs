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
// Inspector windows the driver opens and closes over IPC (`<kind>-start`, `<kind>-stop` with a file),
// so they hold one phase only, not the storm and the idle minutes before it: a CPU profile of the
// rate phase (--profile), or sampled allocations (what a keep-alive or an event allocates; live
// and already collected alike).
const WINDOWS = {
  profile: {
    start: [['Profiler.enable'], ['Profiler.setSamplingInterval', { interval: 200 }], ['Profiler.start']],
    stop: 'Profiler.stop',
  },
  'heap-sample': {
    start: [['HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true }]],
    stop: 'HeapProfiler.stopSampling',
  },
};
const sessions = {};
const openWindow = (kind, done) => {
  const inspector = require('node:inspector');
  const session = (sessions[kind] = new inspector.Session());
  session.connect();
  const next = (steps) => (steps.length ? session.post(steps[0][0], steps[0][1] ?? {}, () => next(steps.slice(1))) : done());
  next(WINDOWS[kind].start);
};
const closeWindow = (kind, file, done) =>
  sessions[kind].post(WINDOWS[kind].stop, (err, result) => {
    if (!err) require('node:fs').writeFileSync(file, JSON.stringify(result.profile));
    sessions[kind].disconnect();
    delete sessions[kind];
    done();
  });

process.on('message', (m) => {
  if (!m || typeof m !== 'object' || !m.monitor) return;
  const window = /^(.+)-(start|stop)$/.exec(m.monitor);
  if (window && WINDOWS[window[1]]) {
    const reply = () => process.send({ monitorReply: m.id });
    return window[2] === 'start' ? openWindow(window[1], reply) : closeWindow(window[1], m.file, reply);
  }
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
