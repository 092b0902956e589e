import { createLogger, newId } from '@storecast/service-kit';
import type { TestEnv } from '@storecast/service-kit/testing';
import { StreamEndedEventSchema } from '../src/app/stream-events';
import { createTestEnv, eventPublisher, pendingEvent, STORE_ENDED, storeEndedData, startFanout, type Fanout } from './support/harness';
import type { SseStream } from './support/sse-client';

/**
 * organization's events on the exchange (as its outbox relay publishes them) end the open streams
 * of a store that is suspended, closed or deleted, and of a revoked device: the ticket was checked
 * only at connect, so without them such a stream went on receiving store-wide announcements for up
 * to 30 minutes.
 */
describe('streams of a store or device that can no longer stream', () => {
  let env: TestEnv;
  let fanout: Fanout;
  let publisher: Awaited<ReturnType<typeof eventPublisher>>;
  const logger = createLogger('sse-fanout-test', 'silent');
  const logged = jest.spyOn(logger, 'info');
  const warned = jest.spyOn(logger, 'warn');
  const tickets: string[] = [];

  beforeAll(async () => {
    env = await createTestEnv('sse-fanout-ended');
    fanout = await startFanout(env, { logger });
    publisher = await eventPublisher(env);
  });
  afterAll(async () => {
    await publisher?.close();
    await fanout?.service.stop();
    await env.cleanup();
  });

  const open = async (storeId: string, deviceId?: string): Promise<SseStream> => {
    const ticket = await fanout.ticket(storeId, deviceId);
    tickets.push(ticket);
    const stream = await fanout.connect(ticket);
    expect((await stream.nextEvent()).event).toBe('connected');
    return stream;
  };

  /** The stream's next event is stream-ended with this reason, it is the last one, and the server ends the stream cleanly. */
  const expectEnded = async (stream: SseStream, reason: string) => {
    const last = await stream.nextEvent();
    expect(last.event).toBe('stream-ended');
    // Longer than the ticket (60 s) lives: an EventSource reconnecting by itself is refused and stops.
    expect(last.retry).toBe(65_000);
    expect(StreamEndedEventSchema.strict().parse(last.data)).toEqual({ reason, endedAt: fanout.clock.now().toISOString() });
    await expect(stream.closed).resolves.toEqual({ ended: true });
    expect(stream.received.at(-1)).toBe(last);
  };

  it.each(STORE_ENDED)(
    'after %s every stream of the store gets stream-ended (%s), after the announcement published before it, then the server closes it; another store streams on',
    async (type, reason) => {
      const storeId = newId();
      const otherStoreId = newId();
      const storeLevel = await open(storeId);
      const device = await open(storeId, newId());
      const otherStore = await open(otherStoreId);
      try {
        const { open: openBefore, ended: endedBefore } = fanout.service.hub.stats();
        const before = pendingEvent(storeId);
        await publisher.publish('dispatch.dispatch.pending', before);
        await publisher.publish(type, storeEndedData(type, storeId));

        for (const stream of [storeLevel, device]) {
          expect(await stream.nextEvent()).toMatchObject({ event: 'announcement', data: { dispatchId: before.dispatchId } });
          await expectEnded(stream, reason);
        }
        const after = pendingEvent(otherStoreId);
        await publisher.publish('dispatch.dispatch.pending', after);
        expect(await otherStore.nextEvent()).toMatchObject({ event: 'announcement', data: { dispatchId: after.dispatchId } });
        expect(fanout.service.hub.stats()).toMatchObject({ open: openBefore - 2, ended: endedBefore + 2 });
        expect(logged).toHaveBeenCalledWith({ storeId, deviceId: null, reason, count: 2 }, 'streams ended');
      } finally {
        otherStore.close();
      }
    },
  );

  it('a revoked device\'s streams get stream-ended (DEVICE_REVOKED) and close; the store-level stream and another device\'s stream keep receiving', async () => {
    const storeId = newId();
    const [revoked, kept] = [newId(), newId()];
    const storeLevel = await open(storeId);
    const revokedStreams = [await open(storeId, revoked), await open(storeId, revoked)];
    const keptDevice = await open(storeId, kept);
    try {
      // The kept device's id revoked in another store is not this store's device.
      await publisher.publish('organization.device.revoked', { deviceId: kept, storeId: newId() });
      await publisher.publish('organization.device.revoked', { deviceId: revoked, storeId });
      for (const stream of revokedStreams) await expectEnded(stream, 'DEVICE_REVOKED');

      const forKept = pendingEvent(storeId, { deviceId: kept });
      const everyone = pendingEvent(storeId);
      await publisher.publish('dispatch.dispatch.pending', forKept);
      await publisher.publish('dispatch.dispatch.pending', everyone);
      expect(await keptDevice.nextEvent()).toMatchObject({ event: 'announcement', data: { dispatchId: forKept.dispatchId } });
      expect(await keptDevice.nextEvent()).toMatchObject({ event: 'announcement', data: { dispatchId: everyone.dispatchId } });
      expect(await storeLevel.nextEvent()).toMatchObject({ event: 'announcement', data: { dispatchId: everyone.dispatchId } });
      expect(logged).toHaveBeenCalledWith({ storeId, deviceId: revoked, reason: 'DEVICE_REVOKED', count: 2 }, 'streams ended');
    } finally {
      storeLevel.close();
      keptDevice.close();
    }
  });

  it('an organization event for a store or device without streams here is harmless', async () => {
    const storeId = newId();
    const stream = await open(storeId, newId());
    try {
      const before = fanout.service.hub.stats();
      for (const [type] of STORE_ENDED) await publisher.publish(type, storeEndedData(type, newId()));
      await publisher.publish('organization.device.revoked', { deviceId: newId(), storeId });
      await publisher.publish('organization.device.revoked', { deviceId: newId(), storeId: newId() });
      // Consumed in order: once this arrives, the events above were handled.
      const event = pendingEvent(storeId);
      await publisher.publish('dispatch.dispatch.pending', event);
      expect(await stream.nextEvent()).toMatchObject({ event: 'announcement', data: { dispatchId: event.dispatchId } });
      expect(fanout.service.hub.stats()).toMatchObject({ open: before.open, ended: before.ended, dropped: before.dropped });
      expect(warned).not.toHaveBeenCalled();
    } finally {
      stream.close();
    }
  });

  it('the log says which store, why and how many streams ended, and never holds a ticket', async () => {
    const storeId = newId();
    const device = newId();
    const streams = [await open(storeId, device), await open(storeId)];
    await publisher.publish('organization.device.revoked', { deviceId: device, storeId });
    await expectEnded(streams[0]!, 'DEVICE_REVOKED');
    await publisher.publish('organization.store.suspended', storeEndedData('organization.store.suspended', storeId));
    await expectEnded(streams[1]!, 'STORE_SUSPENDED');
    expect(logged.mock.calls.filter(([, message]) => message === 'streams ended').slice(-2)).toEqual([
      [{ storeId, deviceId: device, reason: 'DEVICE_REVOKED', count: 1 }, 'streams ended'],
      [{ storeId, deviceId: null, reason: 'STORE_SUSPENDED', count: 1 }, 'streams ended'],
    ]);
    const lines = JSON.stringify([...logged.mock.calls, ...warned.mock.calls]);
    for (const ticket of tickets) expect(lines).not.toContain(ticket);
  });

  it('the stream operation documents stream-ended and its reasons', () => {
    const doc = JSON.stringify(fanout.service.api.openApiDocument());
    for (const text of ['stream-ended', 'STORE_SUSPENDED', 'STORE_CLOSED', 'STORE_DELETED', 'DEVICE_REVOKED', 'endedAt']) expect(doc).toContain(text);
  });
});
