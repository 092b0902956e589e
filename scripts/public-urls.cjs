// Where `npm start`'s system is reached from a browser: the public base (PUBLIC_BASE_URL, else the
// gateway on localhost), the media URLs built on it (the gateway proxies /media to the S3 bucket)
// and the banner lines naming the web clients.
const os = require('node:os');

/** PUBLIC_BASE_URL without a trailing slash, else the gateway on localhost. */
const publicBaseUrl = (env, gatewayPort) => (env.PUBLIC_BASE_URL ? env.PUBLIC_BASE_URL.replace(/\/+$/, '') : `http://localhost:${gatewayPort}`);

/**
 * The media variables: every process gets S3_PUBLIC_ENDPOINT = <public base>/media (the URLs it
 * hands to browsers), the gateway MEDIA_S3_ENDPOINT / MEDIA_S3_BUCKET (where it proxies /media to),
 * unless the user set S3_PUBLIC_ENDPOINT (media served from there, no proxy). PUBLIC_BASE_URL is
 * passed on when set.
 */
const mediaEnvironment = ({ env, gatewayPort, s3Endpoint, s3Bucket }) => {
  const common = {};
  const gateway = {};
  if (env.PUBLIC_BASE_URL) common.PUBLIC_BASE_URL = env.PUBLIC_BASE_URL;
  if (env.S3_PUBLIC_ENDPOINT) {
    common.S3_PUBLIC_ENDPOINT = env.S3_PUBLIC_ENDPOINT;
  } else {
    common.S3_PUBLIC_ENDPOINT = `${publicBaseUrl(env, gatewayPort)}/media`;
    gateway.MEDIA_S3_ENDPOINT = env.MEDIA_S3_ENDPOINT ?? s3Endpoint;
    gateway.MEDIA_S3_BUCKET = env.MEDIA_S3_BUCKET ?? s3Bucket;
  }
  return { common, gateway };
};

/** This machine's first external IPv4 address (what another machine on the LAN reaches it by). */
const lanAddress = (interfaces = os.networkInterfaces()) => {
  for (const list of Object.values(interfaces)) {
    for (const a of list ?? []) {
      if ((a.family === 'IPv4' || a.family === 4) && !a.internal) return a.address;
    }
  }
  return undefined;
};

/** The banner's lines for the web clients (printed next to the operator sign-in). */
const webClientLines = ({ env, gatewayPort, interfaces }) => {
  const lan = lanAddress(interfaces);
  const base = publicBaseUrl(env, gatewayPort);
  const lines = [
    `Store player:        ${base}/player`,
    `HQ console:          ${base}/hq`,
    `Operator backoffice: ${base}/admin   (sign in at ${base}/login)`,
  ];
  if (!env.PUBLIC_BASE_URL) lines.push(`players on other machines: set PUBLIC_BASE_URL=http://${lan ?? "<this machine's address>"}:${gatewayPort}`);
  return lines;
};

module.exports = { publicBaseUrl, mediaEnvironment, lanAddress, webClientLines };
