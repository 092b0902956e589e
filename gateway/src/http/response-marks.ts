/** Set in res.locals by the proxy once the upstream's response headers arrived (read by the edge listener's log line). */
export const UPSTREAM_ANSWERED = 'upstreamAnswered';
