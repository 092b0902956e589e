import { bearer, clearPrefix, type Echo, type GatewayUnderTest, json, startGateway, startUpstream, type TestUpstream, tokens } from './helpers';

/** A legal document body whose content is `chars` characters, every one written as a `\uXXXX` escape (6 bytes). */
const escapedDocument = (chars: number): string =>
  `{"version":"v1","content":"${'\\uac00'.repeat(chars)}"}`;

describe('body limit of legal document publishing', () => {
  let legal: TestUpstream;
  let organization: TestUpstream;
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    legal = await startUpstream('legal');
    organization = await startUpstream('organization');
    gateway = await startGateway({ legal: legal.url, organization: organization.url });
  });

  afterAll(async () => {
    await gateway.stop();
    await Promise.all([legal.close(), organization.close()]);
    await clearPrefix(gateway.prefix);
  });

  it.each(['terms', 'privacy-policy'])(
    'publishing %s of 200,000 characters written as \\uXXXX escapes (1.2 MB of JSON) reaches legal whole',
    async (segment) => {
      const body = escapedDocument(200_000);
      expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024);
      const res = await fetch(`${gateway.url}/api/v1/admin/${segment}`, {
        method: 'POST',
        headers: { ...bearer(tokens.operator()), 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(200);
      const echo = await json<Echo>(res);
      expect(echo).toMatchObject({ service: 'legal', method: 'POST', bodyLength: Buffer.byteLength(body) });
    },
  );

  it('a publish body beyond what 200,000 escaped characters need is still refused with 413', async () => {
    const before = legal.received.length;
    const res = await fetch(`${gateway.url}/api/v1/admin/terms`, {
      method: 'POST',
      headers: { ...bearer(tokens.operator()), 'content-type': 'application/json' },
      body: escapedDocument(230_000),
    });
    expect(res.status).toBe(413);
    expect(legal.received.length).toBe(before);
  });

  it('other JSON routes keep the 1 MB default', async () => {
    const res = await fetch(`${gateway.url}/api/v1/hq/stores`, {
      method: 'POST',
      headers: { ...bearer(tokens.hq()), 'content-type': 'application/json' },
      body: escapedDocument(200_000),
    });
    expect(res.status).toBe(413);
  });
});
