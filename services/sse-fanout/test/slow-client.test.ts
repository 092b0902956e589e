import { newId } from '@storecast/service-kit';
import type { TestEnv } from '@storecast/service-kit/testing';
import { createTestEnv, eventPublisher, pendingEvent, startFanout, type Fanout } from './support/harness';

describe('a client that does not read', () => {
  let env: TestEnv;
  let fanout: Fanout;
  let publisher: Awaited<ReturnType<typeof eventPublisher>>;

  beforeAll(async () => {
    env = await createTestEnv('sse-fanout');
    fanout = await startFanout(env, { extra: { SSE_MAX_BUFFERED_BYTES: String(64 * 1024) } });
    publisher = await eventPublisher(env);
  });
  afterAll(async () => {
    await publisher?.close();
    await fanout?.service.stop();
    await env.cleanup();
  });

  it('is dropped once its unsent bytes would pass the bound, and its store streams on after a reconnect', async () => {
    const storeId = newId();
    const slow = await fanout.connect(await fanout.ticket(storeId));
    await slow.nextEvent();
    slow.pause();
    // 16 KiB events until the socket buffers are full and the bound is reached.
    const big = 'x'.repeat(16 * 1024);
    const dropped = () => fanout.service.hub.stats().dropped > 0;
    let published = 0;
    while (!dropped() && published < 4000) {
      await Promise.all(Array.from({ length: 25 }, () => publisher.publish('dispatch.dispatch.pending', pendingEvent(storeId, { audioUrl: big }))));
      published += 25;
    }
    expect(fanout.service.hub.stats()).toMatchObject({ dropped: 1, open: 0 });
    // Once it reads again, the client finds its connection cut (not a clean end).
    slow.resume();
    await expect(slow.closed).resolves.toEqual({ ended: false });

    const again = await fanout.connect(await fanout.ticket(storeId));
    try {
      await again.nextEvent();
      const event = pendingEvent(storeId);
      await publisher.publish('dispatch.dispatch.pending', event);
      // Whatever of the burst is still queued comes first; then the new event.
      for (;;) {
        const next = await again.nextEvent();
        if ((next.data as { dispatchId: string }).dispatchId === event.dispatchId) break;
      }
    } finally {
      again.close();
    }
  });
});
