/* global describe, it, expect */
// The public base, the media variables and the banner lines `npm start` derives from the environment.
const { publicBaseUrl, mediaEnvironment, lanAddress, webClientLines } = require('./public-urls.cjs');

const s3 = { s3Endpoint: 'http://127.0.0.1:9000', s3Bucket: 'storecast' };

describe('the public base', () => {
  it('is PUBLIC_BASE_URL without trailing slashes, else the gateway on localhost', () => {
    expect(publicBaseUrl({}, 8080)).toBe('http://localhost:8080');
    expect(publicBaseUrl({ PUBLIC_BASE_URL: 'https://music.example.com/app/' }, 8080)).toBe('https://music.example.com/app');
  });
});

describe('the media variables', () => {
  it('every process gets <base>/media; the gateway the bucket it proxies to', () => {
    expect(mediaEnvironment({ env: {}, gatewayPort: 8090, ...s3 })).toEqual({
      common: { S3_PUBLIC_ENDPOINT: 'http://localhost:8090/media' },
      gateway: { MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000', MEDIA_S3_BUCKET: 'storecast' },
    });
  });

  it('PUBLIC_BASE_URL is the base and is passed on', () => {
    expect(mediaEnvironment({ env: { PUBLIC_BASE_URL: 'http://192.168.0.7:8080' }, gatewayPort: 8080, ...s3 })).toEqual({
      common: { PUBLIC_BASE_URL: 'http://192.168.0.7:8080', S3_PUBLIC_ENDPOINT: 'http://192.168.0.7:8080/media' },
      gateway: { MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000', MEDIA_S3_BUCKET: 'storecast' },
    });
  });

  it('a configured S3 (S3_ENDPOINT) is what the gateway proxies to', () => {
    const { gateway } = mediaEnvironment({ env: {}, gatewayPort: 8080, s3Endpoint: 'https://s3.example.com', s3Bucket: 'media' });
    expect(gateway).toEqual({ MEDIA_S3_ENDPOINT: 'https://s3.example.com', MEDIA_S3_BUCKET: 'media' });
  });

  it('an explicit S3_PUBLIC_ENDPOINT is kept and the gateway proxies nothing', () => {
    expect(mediaEnvironment({ env: { S3_PUBLIC_ENDPOINT: 'https://cdn.example.com' }, gatewayPort: 8080, ...s3 })).toEqual({
      common: { S3_PUBLIC_ENDPOINT: 'https://cdn.example.com' },
      gateway: {},
    });
  });
});

describe('the banner', () => {
  it('names the player, the consoles and how other machines reach them', () => {
    expect(webClientLines({ env: {}, gatewayPort: 8080, interfaces: { eth0: [{ family: 'IPv4', internal: false, address: '10.1.2.3' }] } })).toEqual([
      'Store player:        http://localhost:8080/player',
      'HQ console:          http://localhost:8080/hq',
      'Operator backoffice: http://localhost:8080/admin   (sign in at http://localhost:8080/login)',
      'players on other machines: set PUBLIC_BASE_URL=http://10.1.2.3:8080',
    ]);
  });

  it('with PUBLIC_BASE_URL set: its URLs, no hint', () => {
    const lines = webClientLines({ env: { PUBLIC_BASE_URL: 'http://10.1.2.3:8080/' }, gatewayPort: 8080, interfaces: { eth0: [{ family: 'IPv4', internal: false, address: '10.1.2.3' }] } });
    expect(lines[0]).toBe('Store player:        http://10.1.2.3:8080/player');
    expect(lines).toHaveLength(3);
  });

  it('without a LAN address the hint says what to put there', () => {
    expect(webClientLines({ env: {}, gatewayPort: 8080, interfaces: { lo: [{ family: 'IPv4', internal: true, address: '127.0.0.1' }] } }).at(-1)).toBe("players on other machines: set PUBLIC_BASE_URL=http://<this machine's address>:8080");
  });

  it("this machine's address is its first external IPv4 one", () => {
    const interfaces = {
      lo: [{ family: 'IPv4', internal: true, address: '127.0.0.1' }],
      eth0: [{ family: 'IPv6', internal: false, address: 'fe80::1' }, { family: 'IPv4', internal: false, address: '192.168.1.20' }],
    };
    expect(lanAddress(interfaces)).toBe('192.168.1.20');
    expect(lanAddress({ lo: interfaces.lo })).toBeUndefined();
  });
});
