import { sql } from 'drizzle-orm';
import { newId } from '@storecast/service-kit';
import { startHarness, type Harness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

const newStore = () => h.storeToken(h.peers.addStore(h.hqId).id);
const create = (token: string, body: unknown = { name: '오픈', text: '매장 오픈했습니다.', voice: 'SHEAN' }) =>
  h.api('POST', '/api/v1/store/broadcast-templates', { token, body });
const list = (token: string) => h.api('GET', '/api/v1/store/broadcast-templates', { token });

describe('broadcast templates', () => {
  it('create answers 201 with the template; the list is most recently updated first, unpaged, with total', async () => {
    const token = newStore();
    const first = await create(token, { name: 'Open', text: 'We are open', voice: 'CYRUS' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), name: 'Open', text: 'We are open', voice: 'CYRUS', createdAt: h.clock.now().toISOString(), updatedAt: h.clock.now().toISOString() });
    h.clock.advance(1000);
    const second = await create(token, { name: 'Close', text: 'Closing soon', voice: 'AERAN' });
    h.clock.advance(1000);
    const updated = await h.api('PUT', `/api/v1/store/broadcast-templates/${first.body.id}`, { token, body: { name: 'Open!', text: 'We are open', voice: 'CYRUS' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Open!', createdAt: first.body.createdAt, updatedAt: h.clock.now().toISOString() });
    const res = await list(token);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.items.map((t: { id: string }) => t.id)).toEqual([first.body.id, second.body.id]);
  });

  it('an update without differences keeps updated_at', async () => {
    const token = newStore();
    const t = (await create(token)).body;
    h.clock.advance(5000);
    const same = await h.api('PUT', `/api/v1/store/broadcast-templates/${t.id}`, { token, body: { name: t.name, text: t.text, voice: t.voice } });
    expect(same.body.updatedAt).toBe(t.updatedAt);
  });

  it('a store sees only its own templates; another store\'s answers 404 BROADCAST_TEMPLATE_NOT_FOUND on update and delete', async () => {
    const a = newStore();
    const b = newStore();
    const t = (await create(a)).body;
    expect((await list(b)).body).toEqual({ items: [], total: 0 });
    const put = await h.api('PUT', `/api/v1/store/broadcast-templates/${t.id}`, { token: b, body: { name: 'x', text: 'y', voice: 'SHEAN' } });
    expect([put.status, put.body.error.code]).toEqual([404, 'BROADCAST_TEMPLATE_NOT_FOUND']);
    const del = await h.api('DELETE', `/api/v1/store/broadcast-templates/${t.id}`, { token: b });
    expect([del.status, del.body.error.code]).toEqual([404, 'BROADCAST_TEMPLATE_NOT_FOUND']);
    expect((await list(a)).body.total).toBe(1);
    expect((await h.api('DELETE', `/api/v1/store/broadcast-templates/${newId()}`, { token: a })).status).toBe(404);
  });

  it('delete is soft: the row stays with deleted_at, the template leaves the list, a second delete or an update is 404', async () => {
    const token = newStore();
    const t = (await create(token)).body;
    expect((await h.api('DELETE', `/api/v1/store/broadcast-templates/${t.id}`, { token })).status).toBe(204);
    const row = (await h.service.runtime.db.execute(sql`select deleted_at from broadcast_templates where id = ${t.id}`)).rows[0] as { deleted_at: string | null };
    expect(row.deleted_at).not.toBeNull();
    expect((await list(token)).body.total).toBe(0);
    expect((await h.api('DELETE', `/api/v1/store/broadcast-templates/${t.id}`, { token })).status).toBe(404);
    expect((await h.api('PUT', `/api/v1/store/broadcast-templates/${t.id}`, { token, body: { name: 'x', text: 'y', voice: 'SHEAN' } })).status).toBe(404);
  });

  it('at most 20 active per store: the 21st is 409 BROADCAST_TEMPLATE_LIMIT_EXCEEDED; deleting one makes room; other stores are not counted', async () => {
    const token = newStore();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await create(token, { name: `T${i}`, text: `text ${i}`, voice: 'SHEAN' })).body.id);
    const over = await create(token);
    expect([over.status, over.body.error.code]).toEqual([409, 'BROADCAST_TEMPLATE_LIMIT_EXCEEDED']);
    expect((await create(newStore())).status).toBe(201);
    await h.api('DELETE', `/api/v1/store/broadcast-templates/${ids[0]}`, { token });
    expect((await create(token)).status).toBe(201);
    expect((await list(token)).body.total).toBe(20);
  });

  it('concurrent creates at 19 active templates let exactly one through', async () => {
    const token = newStore();
    for (let i = 0; i < 19; i++) await create(token, { name: `T${i}`, text: 't', voice: 'SHEAN' });
    const results = await Promise.all(Array.from({ length: 4 }, () => create(token)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect((await list(token)).body.total).toBe(20);
  });

  it.each([
    ['an empty name', { name: '', text: 't', voice: 'SHEAN' }],
    ['a name over 60 characters', { name: 'n'.repeat(61), text: 't', voice: 'SHEAN' }],
    ['an empty text', { name: 'n', text: '', voice: 'SHEAN' }],
    ['a text over 200 characters', { name: 'n', text: 't'.repeat(201), voice: 'SHEAN' }],
    ['an unknown voice', { name: 'n', text: 't', voice: 'ROBOT' }],
    ['a missing voice', { name: 'n', text: 't' }],
    ['a name that is an array', { name: ['n'], text: 't', voice: 'SHEAN' }],
  ])('%s answers 400 VALIDATION_FAILED', async (_name, body) => {
    const res = await create(newStore(), body);
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('60-character names and 200-character texts are accepted; NUL bytes are 400, never 500', async () => {
    const token = newStore();
    expect((await create(token, { name: '가'.repeat(60), text: '나'.repeat(200), voice: 'WOOSUNG' })).status).toBe(201);
    expect((await h.api.unchecked('POST', '/api/v1/store/broadcast-templates', { token, body: { name: 'a\u0000', text: 't', voice: 'SHEAN' } })).status).toBe(400);
    expect((await h.api('PUT', '/api/v1/store/broadcast-templates/not-a-uuid', { token, body: { name: 'n', text: 't', voice: 'SHEAN' } })).status).toBe(400);
  });

  it('needs a store manager: an HQ manager is 403, no token 401', async () => {
    expect((await list(h.hqToken)).status).toBe(403);
    expect((await h.api('GET', '/api/v1/store/broadcast-templates')).status).toBe(401);
  });
});
