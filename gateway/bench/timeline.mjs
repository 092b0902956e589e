#!/usr/bin/env node
// Reads a `gateway-proxy.bench.mjs --timeline <dir>` run: for each latency phase, its p99 and every
// stall (a run of requests slower than --slow-ms whose delays overlap), with the GC pauses and
// event-loop gaps that the target process and the load generator logged inside that stall.
//   node gateway/bench/timeline.mjs <dir> [--target <name>] [--min-ms 10] [--profile <dir>]
// --profile: the same run's --cpu-prof profiles (the bench's --profile <dir>): for each stall of a
// profiled gateway, its busiest functions inside the stall and the longest spell with no sample
// (the main thread not running: descheduled, or stopped by something that does not sample).
// Node marks its main thread idle from the event loop's prepare to its check phase, so `(idle)`
// covers the native work of the poll phase too (epoll, socket reads, the HTTP parser in C++).
// With the bench's --sched, <dir>/sched.data (perf sched record) gives each stall what ran on each
// core meanwhile: the bench's own processes by name, anything else (kernel threads such as
// kdamond, the machine's services) by its command (`perf` must be installed to read it).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node gateway/bench/timeline.mjs <dir> [--target <name>] [--min-ms 10] [--profile <dir>]');
  process.exit(2);
}
const argValue = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const only = argValue('target');
const profileDir = argValue('profile');
const minMs = Number(argValue('min-ms') ?? 10);
const lines = (file) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

const phases = lines(path.join(dir, 'phases.jsonl'));
// Per process: its pauses (GC, event-loop gaps), apart its scavenges and its once-a-second memory
// samples, and its monotonic clock against the epoch (gc-watch.cjs), to place profile samples.
const events = new Map();
const memory = new Map();
const scavenges = new Map();
const anchors = new Map();
for (const f of fs.readdirSync(dir).filter((name) => /^\d+\.jsonl$/.test(name))) {
  const pid = Number(f.slice(0, -6));
  const all = lines(path.join(dir, f));
  // Pauses under 1 ms are counted (scavenges per phase), not listed beside a stall.
  events.set(pid, all.filter((e) => (e.gc && e.ms > 1) || e.gap));
  scavenges.set(pid, all.filter((e) => e.gc === 'scavenge'));
  memory.set(pid, all.filter((e) => e.mem));
  const anchor = all.find((e) => e.monotonicMs !== undefined);
  if (anchor) anchors.set(pid, anchor);
}
const generator = [...events.keys()].find((pid) => !phases.some((p) => p.pid === pid));
// The gateway (or other process) a target belongs to: `shipped` for `shipped public` and `shipped token`.
const groupOf = (target) => target.replace(/ (public|token)$/, '');
// --profile: gateway-<group>.cpuprofile per gateway; sample times as epoch ms, once converted.
const profiles = new Map();
const profileOf = (phase) => {
  const group = groupOf(phase.target);
  if (!profileDir || profiles.has(group)) return profiles.get(group);
  const file = path.join(profileDir, `gateway-${group}.cpuprofile`);
  const anchor = anchors.get(phase.pid);
  let profile;
  if (fs.existsSync(file) && anchor) {
    const { nodes, samples, timeDeltas, startTime } = JSON.parse(fs.readFileSync(file, 'utf8'));
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const at = [];
    let t = startTime;
    for (const d of timeDeltas) at.push(anchor.at + ((t += d) / 1000 - anchor.monotonicMs));
    profile = { at, frames: samples.map((id) => byId.get(id).callFrame) };
  }
  profiles.set(group, profile);
  return profile;
};
const frameName = (c) => `${c.functionName || '(anonymous)'}${c.url ? ` ${c.url.split('/').slice(-2).join('/')}:${c.lineNumber + 1}` : ''}`;
/** What the profile shows inside [from, until]: the busiest functions and the longest spell without a sample. */
const profiled = (profile, from, until) => {
  const self = new Map();
  let longest = 0;
  for (let i = 0; i < profile.at.length - 1; i++) {
    if (profile.at[i] < from || profile.at[i] > until) continue;
    const ms = profile.at[i + 1] - profile.at[i];
    longest = Math.max(longest, ms);
    const name = frameName(profile.frames[i]);
    self.set(name, (self.get(name) ?? 0) + ms);
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return `longest spell without a sample ${f1(longest)} ms; ${top.map(([name, ms]) => `${name} ${f1(ms)}`).join(', ')}`;
};
const f1 = (v) => v.toFixed(1);
// A process by the group of targets it serves (a gateway serves a public and a token route).
const nameOf = (pid) => {
  const phase = phases.find((p) => p.pid === pid);
  return phase ? groupOf(phase.target) : `bench:${pid}`;
};
const describe = (e) => (e.gap ? `gap ${f1(e.ms)}` : `${e.gc} ${f1(e.ms)}`);

/**
 * Per stall (keyed by phase and start): ms each task ran on each core inside it, from `perf sched
 * timehist` (one line per switch-out: time, [cpu], comm[tid/pid], wait, delay, run ms).
 */
const scheduling = new Map();
// Every process that logged a timeline is the bench's (an idle gateway outside --only too); perf
// is its instrument.
const ours = new Map([...events.keys()].map((pid) => [pid, pid === generator ? 'generator' : nameOf(pid)]));
const ourNames = new Set(['perf', ...ours.values()]);
const schedFile = path.join(dir, 'sched.data');
const generatorAnchor = anchors.get(generator);
if (fs.existsSync(schedFile) && generatorAnchor) {
  const toMono = (epochMs) => epochMs - generatorAnchor.at + generatorAnchor.monotonicMs;
  const windows = phases
    // From when the first slow request's delay began, but not before its phase (the previous
    // target's phase ran then).
    .flatMap((phase) =>
      phase.stalls
        .filter((st) => st.worst >= minMs)
        .map((st) => ({ key: `${phase.pid}:${st.at}`, from: toMono(Math.max(phase.from, st.at - st.worst)), until: toMono(st.until), ran: new Map() })),
    )
    .sort((a, b) => a.from - b.from);
  const perf = spawn('perf', ['sched', 'timehist', '-i', schedFile], { stdio: ['ignore', 'pipe', 'ignore'] });
  let missing = false;
  perf.once('error', () => {
    missing = true;
    console.error(`${schedFile}: perf is not installed, no scheduling per stall`);
  });
  const LINE = /^\s*([\d.]+)\s+\[(\d+)\]\s+(.+?)\s+[\d.]+\s+[\d.]+\s+([\d.]+)\s*$/;
  let first = 0;
  for await (const line of readline.createInterface({ input: perf.stdout })) {
    const m = LINE.exec(line);
    if (!m) continue;
    const until = Number(m[1]) * 1000;
    const from = until - Number(m[4]);
    // Lines come in switch-out order; no task runs a second without a switch under this load.
    while (first < windows.length && windows[first].until < until - 1000) first++;
    const task = m[3];
    if (task === '<idle>') continue;
    const ids = /\[(\d+)(?:\/(\d+))?\]$/.exec(task);
    const pid = ids ? Number(ids[2] ?? ids[1]) : undefined;
    const name = `cpu${Number(m[2])} ${ours.get(pid) ?? task.replace(/\[.*$/, '')}`;
    for (let i = first; i < windows.length && windows[i].from <= until; i++) {
      const w = windows[i];
      const overlap = Math.min(until, w.until) - Math.max(from, w.from);
      if (overlap > 0) w.ran.set(name, (w.ran.get(name) ?? 0) + overlap);
    }
  }
  if (!missing) for (const w of windows) scheduling.set(w.key, w.ran);
}
/** A task that is not one of the bench's processes, ran at least 2 ms inside the stall. */
const foreignIn = (ran) => [...ran].filter(([name, ms]) => ms >= 2 && !ourNames.has(name.split(' ')[1]));

// Per target: how many stalls of at least minMs, and how many had a GC or gap of the target or of
// the generator overlapping them.
const summary = new Map();
for (const phase of phases) {
  if (only && phase.target !== only) continue;
  const own = events.get(phase.pid) ?? [];
  const gen = events.get(generator) ?? [];
  const big = phase.stalls.filter((s) => s.worst >= minMs);
  const s = summary.get(phase.target) ?? { stalls: 0, withOwn: 0, withGenerator: 0, withForeign: 0, unexplained: 0, p99: [] };
  summary.set(phase.target, s);
  s.p99.push(phase.p99);
  const report = [];
  for (const stall of big) {
    // A pause that began up to its own length before the first slow request was due still delayed it.
    const inside = (e) => e.at + e.ms >= stall.at - 1 && e.at <= stall.until;
    const mine = own.filter(inside);
    const theirs = gen.filter(inside);
    // The GC pauses of the other targets' processes: the idle ones sharing the core, and the
    // upstream (direct) that answers every proxied request.
    const neighbours = [...events]
      .filter(([pid]) => pid !== phase.pid && pid !== generator)
      .flatMap(([pid, list]) => list.filter((e) => e.gc && inside(e)).map((e) => `${nameOf(pid)} ${describe(e)}`));
    const ran = scheduling.get(`${phase.pid}:${stall.at}`);
    const foreign = ran ? foreignIn(ran) : [];
    s.stalls++;
    if (mine.length) s.withOwn++;
    if (theirs.length) s.withGenerator++;
    if (foreign.length) s.withForeign++;
    if (!mine.length && !theirs.length && !foreign.length) s.unexplained++;
    report.push(
      `    +${f1(stall.at - phase.from).padStart(7)} ms  worst ${f1(stall.worst).padStart(6)} ms, ${String(stall.requests).padStart(4)} requests  target: ${mine.map(describe).join(', ') || '–'}  generator: ${theirs.map(describe).join(', ') || '–'}${neighbours.length ? `  others: ${neighbours.join(', ')}` : ''}`,
    );
    if (ran) {
      const top = [...ran].filter(([, ms]) => ms >= 1).sort((a, b) => b[1] - a[1]).slice(0, 8);
      report.push(`               ran: ${top.map(([name, ms]) => `${name} ${f1(ms)}`).join(', ') || '–'}`);
    }
    // The profile from a little before the first slow request was due (what delayed it began then).
    const profile = profileOf(phase);
    if (profile) report.push(`               profile: ${profiled(profile, stall.at - stall.worst, stall.until)}`);
  }
  // CPU the other target processes used during the phase (over 5 ms): their share of the core.
  const busyOthers = Object.entries(phase.othersCpu ?? {})
    .filter(([, ms]) => ms > 5)
    .map(([pid, ms]) => `${nameOf(Number(pid))} ${ms.toFixed(0)} ms`);
  if (report.length) {
    console.log(`${phase.target} round ${phase.round + 1}: p99 ${f1(phase.p99)} ms${busyOthers.length ? `  (others' CPU: ${busyOthers.join(', ')})` : ''}\n${report.join('\n')}`);
  }
}
// Mark-compacts during the latency phases' span, and the most memory each process held then.
const from = Math.min(...phases.map((p) => p.from));
const to = Math.max(...phases.map((p) => p.to));
const mb = (bytes) => (bytes / 1e6).toFixed(0);
console.log(`\nduring the latency phases (${((to - from) / 1000).toFixed(0)} s): mark-compacts over 1 ms, peak RSS / heap total / heap used / new space (MB)`);
for (const pid of new Set(phases.map((p) => p.pid))) {
  const names = [...new Set(phases.filter((p) => p.pid === pid).map((p) => p.target))].join(', ');
  const full = (events.get(pid) ?? []).filter((e) => e.gc === 'mark-compact' && e.at >= from && e.at <= to).length;
  const mem = (memory.get(pid) ?? []).filter((e) => e.at >= from && e.at <= to);
  const peak = (key) => mb(Math.max(0, ...mem.map((e) => e[key])));
  console.log(`  ${names.padEnd(34)} ${String(full).padStart(3)}   ${peak('rss').padStart(4)} / ${peak('heapTotal').padStart(4)} / ${peak('heapUsed').padStart(4)} / ${peak('newSpace').padStart(3)}`);
}
// Scavenges during each target's latency phases: how often one interrupts the requests, and for how long.
console.log(`\nscavenges during the latency phases, per second of phase: count, ms in all, mean and worst ms`);
for (const target of [...new Set(phases.map((p) => p.target))]) {
  const mine = phases.filter((p) => p.target === target);
  const seconds = mine.reduce((sum, p) => sum + (p.to - p.from) / 1000, 0);
  const pauses = mine.flatMap((p) => (scavenges.get(p.pid) ?? []).filter((e) => e.at >= p.from && e.at <= p.to).map((e) => e.ms));
  const total = pauses.reduce((sum, ms) => sum + ms, 0);
  console.log(
    `  ${target.padEnd(18)} ${(pauses.length / seconds).toFixed(1).padStart(6)}/s ${(total / seconds).toFixed(1).padStart(6)} ms/s   mean ${f1(total / (pauses.length || 1)).padStart(5)}  worst ${f1(Math.max(0, ...pauses)).padStart(5)}`,
  );
}
console.log(
  `\nstalls with a worst request ≥ ${minMs} ms, and what overlapped them${scheduling.size ? ' (foreign: a process not the bench\'s ran ≥ 2 ms on a core inside it)' : ''}`,
);
for (const [target, s] of summary) {
  const p99 = [...s.p99].sort((a, b) => a - b)[Math.floor(s.p99.length / 2)];
  console.log(
    `  ${target.padEnd(18)} p99 median ${f1(p99).padStart(6)} ms  stalls ${String(s.stalls).padStart(3)}  with the target's GC/gap ${String(s.withOwn).padStart(3)}  with the generator's ${String(s.withGenerator).padStart(3)}${scheduling.size ? `  foreign ${String(s.withForeign).padStart(3)}` : ''}  none of these ${String(s.unexplained).padStart(3)}`,
  );
}
