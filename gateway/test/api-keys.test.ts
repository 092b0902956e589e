import { formatApiKey } from '@storecast/service-kit';
import type { ApiKeyVerifier } from '../src/api-keys/api-key-verifier';
import { clearPrefix, type Echo, type GatewayUnderTest, json, startGateway, startUpstream, type TestUpstream } from './helpers';

// Keys in the kit's one format (sc_live_<8 [a-z0-9]>_<40 [A-Za-z0-9]>), the shape identity issues.
const VALID = formatApiKey('ab3de6gh', 'k'.repeat(40));
const EXPIRED = formatApiKey('expired1', 'e'.repeat(40));
const UNKNOWN = formatApiKey('unknown1', 'u'.repeat(40));

describe('public API key checks (spec 01 legacy error shape)', () => {
  let catalog: TestUpstream;
  let defaultGateway: GatewayUnderTest;
  let gateway: GatewayUnderTest;

  const verifier: ApiKeyVerifier = {
    verify: async (key) => {
      if (key.key === VALID) return { clientId: 'client-1', keyId: 'key-1' };
      if (key.key === EXPIRED) return 'expired';
      return 'unknown';
    },
  };

  beforeAll(async () => {
    catalog = await startUpstream('catalog-search');
    defaultGateway = await startGateway({ 'catalog-search': catalog.url });
    gateway = await startGateway({ 'catalog-search': catalog.url }, {}, { apiKeyVerifier: verifier });
  });

  afterAll(async () => {
    await defaultGateway.stop();
    await gateway.stop();
    await catalog.close();
    await clearPrefix(defaultGateway.prefix);
    await clearPrefix(gateway.prefix);
  });

  const legacy = (statusCode: number, message: string) => ({ message, error: 'Bad Request', statusCode });

  const catalogCall = (g: GatewayUnderTest, headers: Record<string, string>) =>
    fetch(`${g.url}/v1/music/cursor?take=10`, { headers: { accept: '*/*', ...headers } });
  const searchCall = (g: GatewayUnderTest, headers: Record<string, string>) =>
    fetch(`${g.url}/api/music/search/text`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query_text: 'calm piano', limit: 5 }),
    });

  describe('catalog /v1/music/** (Authorization: Bearer <key>)', () => {
    it('without Authorization answers 401 "Authorization undefined."', async () => {
      const res = await catalogCall(defaultGateway, {});
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(legacy(401, 'Authorization undefined.'));
    });

    it('with a non-Bearer Authorization answers 401 "Authorization undefined."', async () => {
      const res = await catalogCall(defaultGateway, { authorization: `Basic ${VALID}` });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(legacy(401, 'Authorization undefined.'));
    });

    it('with "Bearer" and no key answers 400 "Undefined API Key"', async () => {
      for (const authorization of ['Bearer', 'Bearer ', 'bearer    ']) {
        const res = await catalogCall(defaultGateway, { authorization });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual(legacy(400, 'Undefined API Key'));
      }
    });

    it('with a value not of the key format answers 400 "Malformed API Key"', async () => {
      const res = await catalogCall(defaultGateway, { authorization: 'Bearer not-a-key' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(legacy(400, 'Malformed API Key'));
    });

    it('a value identity could never have issued is "Malformed API Key" without asking identity (the kit\'s one key format)', async () => {
      const asked: string[] = [];
      const recording = await startGateway({ 'catalog-search': catalog.url }, {}, {
        apiKeyVerifier: { verify: async (key) => (asked.push(key.key), 'unknown') },
      });
      try {
        // An upper-case prefix and a base64url secret of another length: once accepted here, never issued.
        for (const key of [`sc_live_Ab3dE6gH_${'k'.repeat(40)}`, `sc_live_ab3de6gh_${'a_b-C'.repeat(10)}`]) {
          const res = await catalogCall(recording, { authorization: `Bearer ${key}` });
          expect(await res.json()).toEqual(legacy(400, 'Malformed API Key'));
        }
        expect(asked).toEqual([]);
        expect((await catalogCall(recording, { authorization: `Bearer ${UNKNOWN}` })).status).toBe(400);
        expect(asked).toEqual([UNKNOWN]);
      } finally {
        await recording.stop();
        await clearPrefix(recording.prefix);
      }
    });

    it('when identity cannot be reached, a well-formed key answers 503 in the legacy shape and nothing is forwarded', async () => {
      const before = catalog.received.length;
      const res = await catalogCall(defaultGateway, { authorization: `Bearer ${VALID}` });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ message: expect.any(String), error: 'Bad Request', statusCode: 503 });
      expect(catalog.received.length).toBe(before);
    });

    it('with an expired key answers 400 "Expired API Key"', async () => {
      const res = await catalogCall(gateway, { authorization: `Bearer ${EXPIRED}` });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(legacy(400, 'Expired API Key'));
    });

    it('with a valid key reaches catalog-search with the verified client and key ids', async () => {
      const res = await catalogCall(gateway, { authorization: `Bearer ${VALID}`, 'x-storecast-api-client-id': 'forged' });
      expect(res.status).toBe(200);
      const echo = await json<Echo>(res);
      expect(echo.service).toBe('catalog-search');
      expect(echo.url).toBe('/v1/music/cursor?take=10');
      expect(echo.headers['x-storecast-api-client-id']).toBe('client-1');
      expect(echo.headers['x-storecast-api-key-id']).toBe('key-1');
    });

    it('answers an unavailable catalog-search in the legacy shape too', async () => {
      const lonely = await startGateway({}, {}, { apiKeyVerifier: verifier });
      try {
        const res = await catalogCall(lonely, { authorization: `Bearer ${VALID}` });
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual(legacy(503, 'The catalog-search service is not configured'));
      } finally {
        await lonely.stop();
        await clearPrefix(lonely.prefix);
      }
    });
  });

  describe('search /api/music/search/** (X-API-Key)', () => {
    it('without X-API-Key answers 400 "Undefined API Key"', async () => {
      const res = await searchCall(defaultGateway, {});
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(legacy(400, 'Undefined API Key'));
    });

    it('with an empty X-API-Key answers 400 "Undefined API Key"', async () => {
      const res = await searchCall(defaultGateway, { 'x-api-key': ' ' });
      expect(await res.json()).toEqual(legacy(400, 'Undefined API Key'));
    });

    it('with a malformed X-API-Key answers 400 "Malformed API Key"', async () => {
      const res = await searchCall(defaultGateway, { 'x-api-key': 'sc_live_short' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(legacy(400, 'Malformed API Key'));
    });

    it('with an unknown key answers 400 "Undefined API Key"', async () => {
      const res = await searchCall(gateway, { 'x-api-key': UNKNOWN });
      expect(await res.json()).toEqual(legacy(400, 'Undefined API Key'));
    });

    it('with a valid key reaches catalog-search with the JSON body', async () => {
      const res = await searchCall(gateway, { 'x-api-key': VALID });
      expect(res.status).toBe(200);
      const echo = await json<Echo>(res);
      expect(echo.url).toBe('/api/music/search/text');
      expect(JSON.parse(echo.body)).toEqual({ query_text: 'calm piano', limit: 5 });
    });

    it('does not accept an access token instead of a key', async () => {
      const res = await searchCall(defaultGateway, { authorization: 'Bearer eyJhbGciOi.x.y' });
      expect(await res.json()).toEqual(legacy(400, 'Undefined API Key'));
    });
  });
});
