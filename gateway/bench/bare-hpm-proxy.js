// An --extra target for gateway-proxy.bench.mjs: node:http + http-proxy-middleware over one
// keep-alive agent and nothing else (no routing, auth, headers, tracing, logging). What the
// platform's chosen proxy library costs on its own, beside the gateway and the fastify reference:
//   node gateway/bench/gateway-proxy.bench.mjs --extra gateway/bench/bare-hpm-proxy.js
const http = require('node:http');
const { createProxyMiddleware } = require('http-proxy-middleware');

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 256, scheduling: 'lifo' });
const proxy = createProxyMiddleware({ target: process.env.UPSTREAM, agent, changeOrigin: false, xfwd: false });
http.createServer((req, res) => proxy(req, res, () => res.writeHead(404).end())).listen(Number(process.env.PORT), '127.0.0.1');
