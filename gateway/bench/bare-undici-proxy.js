// An --extra target for gateway-proxy.bench.mjs: node:http + undici's Pool.stream and nothing else
// (no routing, auth, headers, tracing, logging): what forwarding over undici costs on its own, the
// figure behind decision 0010, beside bare-hpm-proxy.js (http-proxy-middleware's Node http client).
//   node gateway/bench/gateway-proxy.bench.mjs --extra gateway/bench/bare-undici-proxy.js
const http = require('node:http');
const { Pool } = require('undici');

const pool = new Pool(process.env.UPSTREAM, { pipelining: 1 });
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'expect']);
const withoutHopByHop = (headers) => {
  const out = {};
  for (const name in headers) if (!HOP_BY_HOP.has(name)) out[name] = headers[name];
  return out;
};
http
  .createServer((req, res) => {
    pool.stream(
      { path: req.url, method: req.method, headers: withoutHopByHop(req.headers), body: req.method === 'GET' || req.method === 'HEAD' ? null : req },
      ({ statusCode, headers }) => {
        res.writeHead(statusCode, withoutHopByHop(headers));
        return res;
      },
      (err) => {
        if (err && !res.headersSent) res.writeHead(502).end();
      },
    );
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
