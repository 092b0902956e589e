#!/usr/bin/env node
// The floor under catalog-search's public API in bench/catalog-paging.bench.mjs: a bare node:http
// server that answers each bench path with the same SQL (the same statements, named and prepared
// once per connection like the service's, over the same pg driver) and writes the rows as JSON —
// no express, no validation, no logging, no row mapping. API − floor is what the service's own
// layers cost; floor − pgbench is what one more process, one HTTP hop and node-pg cost on this machine.
// CASES (environment): JSON { "<path>": [{ "text": "...", "values": [...] }, ...] }.
import http from 'node:http';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Pool } = require('pg');

const cases = JSON.parse(process.env.CASES);
const statements = Object.fromEntries(
  Object.entries(cases).map(([p, queries]) => [
    p,
    queries.map((q) => ({ name: `floor_${createHash('sha1').update(q.text).digest('hex').slice(0, 16)}`, text: q.text, values: q.values })),
  ]),
);
// PGOPTIONS: the service's planner settings (CATALOG_DATABASE_SETTINGS), given by the bench.
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 2, options: process.env.PGOPTIONS });
const server = http.createServer(async (req, res) => {
  const queries = statements[req.url];
  if (!queries) {
    res.writeHead(404).end();
    return;
  }
  try {
    const results = [];
    for (const q of queries) results.push((await pool.query(q)).rows);
    const body = JSON.stringify({ data: results[0], ...(results[1] ? { total: results[1][0] } : {}) });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`));
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
