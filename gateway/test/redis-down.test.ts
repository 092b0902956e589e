import { bearer, type GatewayUnderTest, refusedUrl, signToken, startGateway, startUpstream, type TestUpstream } from './helpers';

describe('when Redis is unreachable', () => {
  let organization: TestUpstream;
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    organization = await startUpstream('organization');
    const deadRedis = (await refusedUrl()).replace('http:', 'redis:');
    gateway = await startGateway({ organization: organization.url }, { REDIS_URL: deadRedis, RATE_LIMIT_STORE_PROVISION: '2' });
  });

  afterAll(async () => {
    await gateway.stop();
    await organization.close();
  });

  it('reports not ready on /readyz but stays alive on /healthz', async () => {
    const ready = await fetch(`${gateway.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', checks: { redis: 'failed' } });
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
  });

  it('keeps proxying and still enforces the limits in memory', async () => {
    const token = signToken({ sub: 'hq-manager-offline', role: 'HQ_MANAGER', hqId: 'hq-1' });
    const create = () => fetch(`${gateway.url}/api/v1/hq/stores`, { method: 'POST', headers: bearer(token), body: '{}' });
    expect((await create()).status).toBe(200);
    expect((await create()).status).toBe(200);
    const limited = await create();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
