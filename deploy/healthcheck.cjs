// Container health probe: `node /app/healthcheck.cjs [path]` (default /healthz).
// node:24-slim ships no curl or wget, and node's fetch is enough.
// HTTP_PORT is required: compose and the k8s manifests always set it, and
// guessing a port would report a healthy container as unhealthy (or worse).
const port = process.env.HTTP_PORT;
const path = process.argv[2] || '/healthz';
if (!port) {
  console.error('healthcheck: HTTP_PORT is not set');
  process.exit(1);
}
fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(2500) }).then(
  (res) => process.exit(res.status === 200 ? 0 : 1),
  (err) => {
    console.error(`healthcheck: ${err.message}`);
    process.exit(1);
  },
);
