#!/usr/bin/env node
// Top frames of a V8 CPU profile (`node --cpu-prof`): self time per function and per package.
//   node gateway/bench/top-frames.mjs <file.cpuprofile> [--top 25]
import fs from 'node:fs';

const file = process.argv[2];
const topIndex = process.argv.indexOf('--top');
const TOP = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 25;
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map(); // node id → µs
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (deltas[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const idle = [...self].filter(([id]) => ['(idle)', '(program)'].includes(byId.get(id).callFrame.functionName)).reduce((a, [, v]) => a + v, 0);
const busy = total - idle;

const short = (url) => {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) return url.slice(nm + 13);
  const src = url.search(/\/(gateway|service-kit|proto)\//);
  return src >= 0 ? url.slice(src + 1) : url.replace(/^node:/, 'node:');
};
const packageOf = (url) => {
  if (!url) return '(native / GC)';
  if (url.startsWith('node:')) return 'node core';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.includes('/service-kit/')) return '@storecast/service-kit';
  if (url.includes('/gateway/')) return '@storecast/gateway';
  return url;
};

const frames = new Map();
const packages = new Map();
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = byId.get(id).callFrame;
  if (functionName === '(idle)' || functionName === '(program)') continue;
  const key = `${functionName || '(anonymous)'}  ${short(url)}${url ? `:${lineNumber + 1}` : ''}`;
  frames.set(key, (frames.get(key) ?? 0) + us);
  const pkg = packageOf(url);
  packages.set(pkg, (packages.get(pkg) ?? 0) + us);
}
const pct = (us) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
console.log(`${file}: ${(busy / 1000).toFixed(0)} ms busy of ${(total / 1000).toFixed(0)} ms sampled`);
console.log(`\nself time by function (top ${TOP})`);
for (const [k, us] of [...frames].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${pct(us)}  ${k}`);
console.log('\nself time by package');
for (const [k, us] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${pct(us)}  ${k}`);
