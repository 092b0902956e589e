import amqp from 'amqplib';
import { newId } from '@storecast/service-kit';
import { eventually } from '@storecast/service-kit/testing';
import { createHqStore, email, onboardHq, rows, startHarness, type Harness } from './support/harness';

let h: Harness;
let connection: amqp.ChannelModel;
let channel: amqp.Channel;
const received: Array<{ routingKey: string; messageId?: string; body: { id: string; type: string; data: Record<string, unknown> } }> = [];

beforeAll(async () => {
  h = await startHarness();
  connection = await amqp.connect(h.amqpUrl);
  channel = await connection.createChannel();
  await channel.assertExchange(h.exchange, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true });
  await channel.bindQueue(queue, h.exchange, 'organization.#');
  await channel.consume(queue, (m) => {
    if (!m) return;
    received.push({ routingKey: m.fields.routingKey, messageId: m.properties.messageId, body: JSON.parse(m.content.toString()) });
    channel.ack(m);
  });
});
afterAll(async () => {
  await connection?.close();
  await h?.stop();
});

/** Publishes an identity event the way identity's outbox relay does. */
const publishIdentity = (routingKey: string, data: Record<string, unknown>, opts: { id?: string; occurredAt?: string } = {}) => {
  const id = opts.id ?? newId();
  channel.publish(h.exchange, routingKey, Buffer.from(JSON.stringify({ id, type: routingKey, occurredAt: opts.occurredAt ?? new Date().toISOString(), data })), {
    messageId: id,
    contentType: 'application/json',
    persistent: true,
  });
  return id;
};

const hasManager = async (token: string, storeName: string): Promise<boolean> => {
  const res = await h.api('GET', `/api/v1/hq/stores?q=${encodeURIComponent(storeName)}`, { token });
  return res.body.items[0].hasManagerAccount;
};

describe('events out (outbox → relay → exchange)', () => {
  it('a committed store creation is published as organization.store.created with the outbox id as message id, and marked sent', async () => {
    const hq = await onboardHq(h);
    const { store } = await createHqStore(h, hq);
    const msg = await eventually(() => {
      const m = received.find((r) => r.routingKey === 'organization.store.created' && r.body.data.storeId === store.id);
      expect(m).toBeDefined();
      return m!;
    });
    expect(msg.messageId).toBe(msg.body.id);
    expect(msg.body).toMatchObject({ type: 'organization.store.created', data: { storeId: store.id, hqId: hq.hqId, name: store.name, type: 'FRANCHISE' } });
    await eventually(async () => {
      const [row] = await rows(h, 'select published_at from outbox where id = $1', [msg.body.id]);
      expect(row!.published_at).not.toBeNull();
    });
  });
});

describe('events in (identity.account.*) keep hasManagerAccount current', () => {
  it('identity.account.status-changed to WITHDRAWN makes hasManagerAccount false; back to ACTIVE makes it true', async () => {
    const hq = await onboardHq(h);
    const created = await createHqStore(h, hq, { managerEmail: email('ev') });
    const accountId = created.managerAccount!.managerAccountId;
    expect(await hasManager(hq.token, created.store.name)).toBe(true);

    publishIdentity('identity.account.status-changed', { accountId, role: 'STORE_MANAGER', status: 'WITHDRAWN', previousStatus: 'ACTIVE' });
    await eventually(async () => expect(await hasManager(hq.token, created.store.name)).toBe(false));

    publishIdentity('identity.account.status-changed', { accountId, role: 'STORE_MANAGER', status: 'ACTIVE', previousStatus: 'WITHDRAWN' });
    await eventually(async () => expect(await hasManager(hq.token, created.store.name)).toBe(true));
  });

  it('an older status fact arriving late does not overwrite a newer one', async () => {
    const hq = await onboardHq(h);
    const created = await createHqStore(h, hq, { managerEmail: email('old') });
    const accountId = created.managerAccount!.managerAccountId;
    const now = Date.now();
    publishIdentity('identity.account.status-changed', { accountId, role: 'STORE_MANAGER', status: 'SUSPENDED', previousStatus: 'ACTIVE' }, { occurredAt: new Date(now + 60_000).toISOString() });
    await eventually(async () => expect((await rows(h, 'select status from manager_accounts where account_id = $1', [accountId]))[0]).toEqual({ status: 'SUSPENDED' }));
    const late = publishIdentity('identity.account.status-changed', { accountId, role: 'STORE_MANAGER', status: 'WITHDRAWN', previousStatus: 'ACTIVE' }, { occurredAt: new Date(now - 60_000).toISOString() });
    // The handled id is recorded in the handler's own transaction: once it is there, the late fact was processed.
    await eventually(async () => expect(await rows(h, 'select 1 from processed_messages where message_id = $1', [late])).toHaveLength(1));
    expect((await rows(h, 'select status from manager_accounts where account_id = $1', [accountId]))[0]).toEqual({ status: 'SUSPENDED' });
    // SUSPENDED accounts still count as a manager account (only WITHDRAWN does not).
    expect(await hasManager(hq.token, created.store.name)).toBe(true);
  });

  it('identity.account.created records a manager account created elsewhere', async () => {
    const hq = await onboardHq(h);
    const { store } = await createHqStore(h, hq);
    expect(await hasManager(hq.token, store.name)).toBe(false);
    publishIdentity('identity.account.created', { accountId: newId(), role: 'STORE_MANAGER', hqId: hq.hqId, storeId: store.id });
    await eventually(async () => expect(await hasManager(hq.token, store.name)).toBe(true));
  });
});

describe('playback signals in', () => {
  it("a player's signal sets the store's lastOnlineAt and lastHeartbeatAt; an older, late signal never moves them back; a redelivered one is handled once", async () => {
    const hq = await onboardHq(h);
    const { store } = await createHqStore(h, hq);
    const signal = (signaledAt: string, id?: string) =>
      publishIdentity('playback.store.signal', { storeId: store.id, hqId: hq.hqId, deviceId: null, state: 'PLAYING', signaledAt }, { id });
    const detail = async () => (await h.api('GET', `/api/v1/admin/stores/${store.id}`, { token: h.operatorToken })).body;
    expect((await detail()).lastHeartbeatAt).toBeNull();

    const id = signal('2026-11-23T03:00:00.000Z');
    await eventually(async () => expect(await detail()).toMatchObject({ lastOnlineAt: '2026-11-23T03:00:00.000Z', lastHeartbeatAt: '2026-11-23T03:00:00.000Z' }));
    signal('2026-11-23T02:00:00.000Z');
    signal('2026-11-23T03:00:00.000Z', id);
    const marker = signal('2026-11-23T04:00:00.000Z');
    await eventually(async () => expect((await detail()).lastHeartbeatAt).toBe('2026-11-23T04:00:00.000Z'));
    expect((await rows(h, 'select count(*)::int as n from processed_messages where message_id = any($1)', [[id, marker]]))[0]).toEqual({ n: 2 });
    const hqView = await h.api('GET', `/api/v1/hq/stores?q=${encodeURIComponent(store.name)}`, { token: hq.token });
    expect(hqView.body.items[0].lastOnlineAt).toBe('2026-11-23T04:00:00.000Z');
  });
});
