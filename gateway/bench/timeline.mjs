#!/usr/bin/env node
// Reads a `gateway-proxy.bench.mjs --timeline <dir>` run: for each latency phase, its p99 and every
// stall (a run of requests slower than --slow-ms whose delays overlap), with the GC pauses and
// event-loop gaps that the target process and the load generator logged inside that stall.
//   node gateway/bench/timeline.mjs <dir> [--target <name>] [--min-ms 10]
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node gateway/bench/timeline.mjs <dir> [--target <name>] [--min-ms 10]');
  process.exit(2);
}
const argValue = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const only = argValue('target');
const minMs = Number(argValue('min-ms') ?? 10);
const lines = (file) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

const phases = lines(path.join(dir, 'phases.jsonl'));
// Per process: its pauses (GC, event-loop gaps) and, apart, its once-a-second memory samples.
const events = new Map();
const memory = new Map();
for (const f of fs.readdirSync(dir).filter((name) => /^\d+\.jsonl$/.test(name))) {
  const pid = Number(f.slice(0, -6));
  const all = lines(path.join(dir, f));
  events.set(pid, all.filter((e) => !e.mem));
  memory.set(pid, all.filter((e) => e.mem));
}
const generator = [...events.keys()].find((pid) => !phases.some((p) => p.pid === pid));
const f1 = (v) => v.toFixed(1);
const describe = (e) => (e.gap ? `gap ${f1(e.ms)}` : `${e.gc} ${f1(e.ms)}`);

// Per target: how many stalls of at least minMs, and how many had a GC or gap of the target or of
// the generator overlapping them.
const summary = new Map();
for (const phase of phases) {
  if (only && phase.target !== only) continue;
  const own = events.get(phase.pid) ?? [];
  const gen = events.get(generator) ?? [];
  const big = phase.stalls.filter((s) => s.worst >= minMs);
  const s = summary.get(phase.target) ?? { stalls: 0, withOwn: 0, withGenerator: 0, unexplained: 0, p99: [] };
  summary.set(phase.target, s);
  s.p99.push(phase.p99);
  const report = [];
  for (const stall of big) {
    // A pause that began up to its own length before the first slow request was due still delayed it.
    const inside = (e) => e.at + e.ms >= stall.at - 1 && e.at <= stall.until;
    const mine = own.filter(inside);
    const theirs = gen.filter(inside);
    s.stalls++;
    if (mine.length) s.withOwn++;
    if (theirs.length) s.withGenerator++;
    if (!mine.length && !theirs.length) s.unexplained++;
    report.push(
      `    +${f1(stall.at - phase.from).padStart(7)} ms  worst ${f1(stall.worst).padStart(6)} ms, ${String(stall.requests).padStart(4)} requests  target: ${mine.map(describe).join(', ') || '–'}  generator: ${theirs.map(describe).join(', ') || '–'}`,
    );
  }
  if (report.length) console.log(`${phase.target} round ${phase.round + 1}: p99 ${f1(phase.p99)} ms\n${report.join('\n')}`);
}
// Mark-compacts during the latency phases' span, and the most memory each process held then.
const from = Math.min(...phases.map((p) => p.from));
const to = Math.max(...phases.map((p) => p.to));
const mb = (bytes) => (bytes / 1e6).toFixed(0);
console.log(`\nduring the latency phases (${((to - from) / 1000).toFixed(0)} s): mark-compacts over 1 ms, peak RSS / heap total / heap used (MB)`);
for (const pid of new Set(phases.map((p) => p.pid))) {
  const names = [...new Set(phases.filter((p) => p.pid === pid).map((p) => p.target))].join(', ');
  const full = (events.get(pid) ?? []).filter((e) => e.gc === 'mark-compact' && e.at >= from && e.at <= to).length;
  const mem = (memory.get(pid) ?? []).filter((e) => e.at >= from && e.at <= to);
  const peak = (key) => mb(Math.max(0, ...mem.map((e) => e[key])));
  console.log(`  ${names.padEnd(34)} ${String(full).padStart(3)}   ${peak('rss').padStart(4)} / ${peak('heapTotal').padStart(4)} / ${peak('heapUsed').padStart(4)}`);
}
console.log(`\nstalls with a worst request ≥ ${minMs} ms, and what overlapped them`);
for (const [target, s] of summary) {
  const p99 = [...s.p99].sort((a, b) => a - b)[Math.floor(s.p99.length / 2)];
  console.log(
    `  ${target.padEnd(18)} p99 median ${f1(p99).padStart(6)} ms  stalls ${String(s.stalls).padStart(3)}  with the target's GC/gap ${String(s.withOwn).padStart(3)}  with the generator's ${String(s.withGenerator).padStart(3)}  neither ${String(s.unexplained).padStart(3)}`,
  );
}
