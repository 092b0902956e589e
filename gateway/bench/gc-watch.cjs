// A preload for gateway-proxy.bench.mjs --timeline: every GC pause and every event-loop gap over
// 10 ms of this process, and its memory once a second, epoch-stamped, one JSON line each
// in $GC_WATCH_DIR/<pid>.jsonl, written as they happen (some ten lines a second under load: nothing
// next to the requests' cost). The bench's timeline.mjs sets them beside the slow requests of each latency phase.
const fs = require('node:fs');
const path = require('node:path');
const v8 = require('node:v8');
const { constants } = require('node:perf_hooks');

const dir = process.env.GC_WATCH_DIR;
if (dir) {
  const file = path.join(dir, `${process.pid}.jsonl`);
  const write = (event) => fs.appendFileSync(file, `${JSON.stringify(event)}\n`);
  const KINDS = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak-callbacks',
  };
  const origin = performance.timeOrigin;
  // The monotonic clock (ms) against the epoch, once: a --cpu-prof profile's timestamps are
  // monotonic microseconds (timeline.mjs --profile).
  write({ at: origin + performance.now(), monotonicMs: Number(process.hrtime.bigint()) / 1e6 });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      write({ at: origin + e.startTime, ms: e.duration, gc: KINDS[e.detail?.kind] ?? String(e.detail?.kind) });
    }
  }).observe({ entryTypes: ['gc'] });
  // What the heap and the process hold, once a second: the memory a GC setting costs.
  setInterval(() => {
    const { rss, heapTotal, heapUsed } = process.memoryUsage();
    const newSpace = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size;
    write({ at: Date.now(), mem: true, rss, heapTotal, heapUsed, newSpace });
  }, 1000).unref();
  // A 5 ms timer that fires late by more than 10 ms saw the loop blocked (or the process descheduled).
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - last > 15) write({ at: origin + last, ms: now - last - 5, gap: true });
    last = now;
  }, 5).unref();
}
