import { newId } from '@storecast/service-kit';
import type { TestEnv } from '@storecast/service-kit/testing';
import { createTestEnv, eventPublisher, pendingEvent, revokedEventData, startFanout, storeEndedData, type Fanout } from './support/harness';

describe('several replicas on one exchange', () => {
  let env: TestEnv;
  let replicas: Fanout[];
  let publisher: Awaited<ReturnType<typeof eventPublisher>>;

  beforeAll(async () => {
    env = await createTestEnv('sse-fanout');
    replicas = [await startFanout(env), await startFanout(env)];
    publisher = await eventPublisher(env);
  });
  afterAll(async () => {
    await publisher?.close();
    for (const r of replicas ?? []) await r.service.stop();
    await env.cleanup();
  });

  it('each replica consumes from a queue of its own, so streams of one store on both replicas get every event', async () => {
    const [a, b] = replicas as [Fanout, Fanout];
    const storeId = newId();
    // A ticket issued by one replica opens a stream on the other (same secret behind the gateway).
    const onA = await a.connect(await b.ticket(storeId));
    const onB = await b.connect(await a.ticket(storeId));
    try {
      await onA.nextEvent();
      await onB.nextEvent();
      const event = pendingEvent(storeId);
      await publisher.publish('dispatch.dispatch.pending', event);
      await publisher.publish('dispatch.dispatch.revoked', revokedEventData(storeId, event.dispatchId));
      for (const stream of [onA, onB]) {
        expect(await stream.nextEvent()).toMatchObject({ event: 'announcement', data: { dispatchId: event.dispatchId } });
        expect(await stream.nextEvent()).toMatchObject({ event: 'announcement-revoked', data: { dispatchId: event.dispatchId } });
      }
      expect(a.service.hub.stats().delivered).toBeGreaterThanOrEqual(2);
      expect(b.service.hub.stats().delivered).toBeGreaterThanOrEqual(2);
    } finally {
      onA.close();
      onB.close();
    }
  });

  it('a suspended store and a revoked device end their streams on every replica, each with stream-ended first', async () => {
    const [a, b] = replicas as [Fanout, Fanout];
    const storeId = newId();
    const device = newId();
    const deviceStreams = [await a.connect(await a.ticket(storeId, device)), await b.connect(await b.ticket(storeId, device))];
    const storeStreams = [await a.connect(await a.ticket(storeId)), await b.connect(await b.ticket(storeId))];
    for (const stream of [...deviceStreams, ...storeStreams]) await stream.nextEvent();

    await publisher.publish('organization.device.revoked', { deviceId: device, storeId });
    for (const stream of deviceStreams) {
      expect(await stream.nextEvent()).toMatchObject({ event: 'stream-ended', data: { reason: 'DEVICE_REVOKED' } });
      await expect(stream.closed).resolves.toEqual({ ended: true });
    }
    await publisher.publish('organization.store.suspended', storeEndedData('organization.store.suspended', storeId));
    for (const stream of storeStreams) {
      expect(await stream.nextEvent()).toMatchObject({ event: 'stream-ended', data: { reason: 'STORE_SUSPENDED' } });
      await expect(stream.closed).resolves.toEqual({ ended: true });
    }
    expect(a.service.hub.stats().ended).toBeGreaterThanOrEqual(2);
    expect(b.service.hub.stats().ended).toBeGreaterThanOrEqual(2);
  });

  it('a replica that stops ends its streams at once (players reconnect to another), the other keeps delivering', async () => {
    const extra = await startFanout(env);
    const storeId = newId();
    const leaving = await extra.connect(await extra.ticket(storeId));
    const staying = await replicas[0]!.connect(await replicas[0]!.ticket(storeId));
    try {
      await leaving.nextEvent();
      await staying.nextEvent();
      await extra.service.stop();
      await expect(leaving.closed).resolves.toEqual({ ended: true });
      const event = pendingEvent(storeId);
      await publisher.publish('dispatch.dispatch.pending', event);
      expect(await staying.nextEvent()).toMatchObject({ data: { dispatchId: event.dispatchId } });
    } finally {
      staying.close();
    }
  });
});
