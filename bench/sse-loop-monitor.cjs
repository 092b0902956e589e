// Preloaded into both servers of bench/sse-fanout.bench.mjs (node --require): answers the bench
// driver over the IPC channel with the process's RSS, CPU time and longest event-loop block.
const { monitorEventLoopDelay } = require('node:perf_hooks');

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
if (process.channel) process.channel.unref();
process.on('message', (m) => {
  if (!m || typeof m !== 'object' || !m.monitor) return;
  if (m.monitor === 'gc' && global.gc) global.gc();
  if (m.monitor === 'reset-loop') loop.reset();
  const cpu = process.cpuUsage();
  process.send({ monitorReply: m.id, rss: process.memoryUsage().rss, cpuMs: (cpu.user + cpu.system) / 1000, loopMaxMs: loop.max / 1e6 });
});
