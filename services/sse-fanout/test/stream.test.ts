import diagnostics from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { createLogger, newId } from '@storecast/service-kit';
import { eventually } from '@storecast/service-kit/testing';
import type { TestEnv } from '@storecast/service-kit/testing';
import { AnnouncementEventSchema, AnnouncementRevokedEventSchema, ConnectedEventSchema } from '../src/app/stream-events';
import { createTestEnv, eventPublisher, pendingEvent, revokedEventData, startFanout, type Fanout } from './support/harness';

describe('the announcement stream', () => {
  let env: TestEnv;
  let fanout: Fanout;
  let publisher: Awaited<ReturnType<typeof eventPublisher>>;

  beforeAll(async () => {
    env = await createTestEnv('sse-fanout');
    fanout = await startFanout(env);
    publisher = await eventPublisher(env);
  });
  afterAll(async () => {
    await publisher?.close();
    await fanout?.service.stop();
    await env.cleanup();
  });

  it('answers text/event-stream that no intermediary may buffer, and sends connected first', async () => {
    const storeId = newId();
    const stream = await fanout.connect(await fanout.ticket(storeId));
    try {
      expect(stream.headers['content-type']).toBe('text/event-stream');
      expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
      expect(stream.headers['x-accel-buffering']).toBe('no');
      const first = await stream.next();
      expect(first.event).toBe('connected');
      expect(first.retry).toBe(3000);
      expect(ConnectedEventSchema.parse(first.data)).toEqual({
        storeId,
        deviceId: null,
        connectedAt: fanout.clock.now().toISOString(),
        closesAt: new Date(fanout.clock.now().getTime() + 30 * 60_000).toISOString(),
        keepAliveSeconds: 25,
      });
    } finally {
      stream.close();
    }
  });

  it('delivers announcement for each pending dispatch and announcement-revoked for a remote stop, in the order they happened', async () => {
    const storeId = newId();
    const stream = await fanout.connect(await fanout.ticket(storeId));
    try {
      await stream.nextEvent();
      const first = pendingEvent(storeId, { isEmergency: true, playAt: '2026-11-23T01:00:04.000Z' });
      const second = pendingEvent(storeId);
      await publisher.publish('dispatch.dispatch.pending', first);
      await publisher.publish('dispatch.dispatch.pending', second);
      await publisher.publish('dispatch.dispatch.revoked', revokedEventData(storeId, first.dispatchId));

      const a = await stream.nextEvent();
      expect(a.event).toBe('announcement');
      expect(AnnouncementEventSchema.strict().parse(a.data)).toEqual({
        dispatchId: first.dispatchId,
        announcementId: first.announcementId,
        title: first.title,
        audioUrl: first.audioUrl,
        durationSeconds: first.durationSeconds,
        isEmergency: true,
        playAt: '2026-11-23T01:00:04.000Z',
        deviceId: null,
        pendingAt: first.pendingAt,
      });
      expect(await stream.nextEvent()).toMatchObject({ event: 'announcement', data: { dispatchId: second.dispatchId } });
      const stop = await stream.nextEvent();
      expect(stop.event).toBe('announcement-revoked');
      expect(AnnouncementRevokedEventSchema.strict().parse(stop.data)).toEqual({
        dispatchId: first.dispatchId,
        announcementId: expect.any(String),
        deviceId: null,
        revokedAt: '2026-11-23T01:05:00.000Z',
      });
    } finally {
      stream.close();
    }
  });

  it('events of other stores never reach the stream (HQ and store ids stay on the server)', async () => {
    const storeId = newId();
    const stream = await fanout.connect(await fanout.ticket(storeId));
    try {
      await stream.nextEvent();
      await publisher.publish('dispatch.dispatch.pending', pendingEvent(newId()));
      await publisher.publish('dispatch.dispatch.revoked', revokedEventData(newId(), newId()));
      const own = pendingEvent(storeId);
      await publisher.publish('dispatch.dispatch.pending', own);
      const next = await stream.nextEvent();
      expect(next.data).toMatchObject({ dispatchId: own.dispatchId });
      expect(next.data).not.toHaveProperty('hqId');
      expect(next.data).not.toHaveProperty('storeId');
    } finally {
      stream.close();
    }
  });

  it('a dispatch addressed to a device reaches only the stream of that device; store-wide ones reach all', async () => {
    const storeId = newId();
    const [d1, d2] = [newId(), newId()];
    const storeLevel = await fanout.connect(await fanout.ticket(storeId));
    const device1 = await fanout.connect(await fanout.ticket(storeId, d1));
    const device2 = await fanout.connect(await fanout.ticket(storeId, d2));
    try {
      for (const s of [storeLevel, device1, device2]) await s.nextEvent();
      expect(device1.received[0]!.data).toMatchObject({ deviceId: d1 });
      const forD1 = pendingEvent(storeId, { deviceId: d1 });
      const everyone = pendingEvent(storeId);
      await publisher.publish('dispatch.dispatch.pending', forD1);
      await publisher.publish('dispatch.dispatch.revoked', revokedEventData(storeId, forD1.dispatchId, d1));
      await publisher.publish('dispatch.dispatch.pending', everyone);

      expect(await device1.nextEvent()).toMatchObject({ event: 'announcement', data: { dispatchId: forD1.dispatchId, deviceId: d1 } });
      expect(await device1.nextEvent()).toMatchObject({ event: 'announcement-revoked', data: { dispatchId: forD1.dispatchId } });
      expect(await device1.nextEvent()).toMatchObject({ data: { dispatchId: everyone.dispatchId } });
      // The others' next event is the store-wide one: the device's two never reached them.
      expect(await device2.nextEvent()).toMatchObject({ data: { dispatchId: everyone.dispatchId } });
      expect(await storeLevel.nextEvent()).toMatchObject({ data: { dispatchId: everyone.dispatchId } });
    } finally {
      for (const s of [storeLevel, device1, device2]) s.close();
    }
  });

  it('device ids in tickets are matched case-insensitively against the lower-case ids of events', async () => {
    const storeId = newId();
    const device = newId();
    const stream = await fanout.connect(await fanout.ticket(storeId, device.toUpperCase()));
    try {
      await stream.nextEvent();
      const event = pendingEvent(storeId, { deviceId: device });
      await publisher.publish('dispatch.dispatch.pending', event);
      expect(await stream.nextEvent()).toMatchObject({ data: { dispatchId: event.dispatchId } });
    } finally {
      stream.close();
    }
  });

  it('sends a comment line every 25 seconds, and nothing else while there are no events', async () => {
    const stream = await fanout.connect(await fanout.ticket(newId()));
    try {
      await stream.next();
      fanout.timers.advance(24_999);
      fanout.timers.advance(1);
      expect(await stream.next()).toEqual({ comment: 'keep-alive' });
      fanout.timers.advance(25_000);
      expect(await stream.next()).toEqual({ comment: 'keep-alive' });
      expect(stream.received.map((m) => m.event ?? m.comment)).toEqual(['connected', 'keep-alive', 'keep-alive']);
    } finally {
      stream.close();
    }
  });

  it('the server closes the stream after 30 minutes, not a moment before', async () => {
    const stream = await fanout.connect(await fanout.ticket(newId()));
    await stream.next();
    const opened = fanout.service.hub.stats().open;
    fanout.timers.advance(30 * 60_000 - 1);
    expect(fanout.service.hub.stats().open).toBe(opened);
    fanout.timers.advance(1);
    await expect(stream.closed).resolves.toEqual({ ended: true });
    // 1800 s / 25 s: the 72nd keep-alive falls on the closing instant.
    expect(stream.received.filter((m) => m.comment)).toHaveLength(72);
    expect(fanout.service.hub.stats().open).toBe(opened - 1);
  });

  it('a client that went away is forgotten, with its timers', async () => {
    const before = fanout.timers.pending;
    const opened = fanout.service.hub.stats().open;
    const stream = await fanout.connect(await fanout.ticket(newId()));
    await stream.next();
    expect(fanout.timers.pending).toBe(before + 2);
    stream.close();
    await stream.closed;
    await waitFor(() => fanout.service.hub.stats().open === opened);
    fanout.timers.advance(0);
    expect(fanout.timers.pending).toBe(before);
  });

  // Last in this block: it moves the clock past the streams' 30 minutes.
  it('on the wire every frame is one HTTP/1.1 chunk, up to the zero chunk at the close; an HTTP/1.0 client gets the same frames unchunked, then the connection closes', async () => {
    const storeId = newId();
    const { port, hostname, host } = new URL(fanout.service.httpUrl);
    const open = async (version: '1.0' | '1.1') => {
      const target = `/api/v1/store/announcements/stream?ticket=${encodeURIComponent(await fanout.ticket(storeId))}`;
      const socket = net.connect(Number(port), hostname);
      const received: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write(`GET ${target} HTTP/${version}\r\nHost: ${host}\r\n\r\n`);
      const text = () => Buffer.concat(received).toString('utf8');
      return { socket, closed, text, head: () => text().slice(0, text().indexOf('\r\n\r\n')), body: () => text().slice(text().indexOf('\r\n\r\n') + 4) };
    };
    /** The chunks of a chunked body, checked byte for byte; `ended` once the zero chunk came. */
    const dechunk = (body: string) => {
      const chunks: string[] = [];
      let at = 0;
      for (;;) {
        const line = body.indexOf('\r\n', at);
        if (line < 0) return { chunks, ended: false };
        const size = parseInt(body.slice(at, line), 16);
        expect(body.slice(at, line)).toMatch(/^[0-9a-f]+$/);
        if (size === 0) {
          expect(body.slice(line)).toBe('\r\n\r\n');
          return { chunks, ended: true };
        }
        const data = Buffer.from(body.slice(line + 2)).subarray(0, size).toString('utf8');
        expect(Buffer.byteLength(data)).toBe(size);
        expect(body.slice(line + 2 + data.length, line + 4 + data.length)).toBe('\r\n');
        chunks.push(data);
        at = line + 4 + data.length;
      }
    };
    const v11 = await open('1.1');
    const v10 = await open('1.0');
    try {
      await waitFor(() => v11.body().includes('event: connected') && v10.body().includes('event: connected'));
      const event = pendingEvent(storeId, { title: 'Ünïcode ♪ sale' });
      await publisher.publish('dispatch.dispatch.pending', event);
      await waitFor(() => v11.body().includes(event.dispatchId) && v10.body().includes(event.dispatchId));
      fanout.timers.advance(25_000);
      await waitFor(() => v11.body().includes(': keep-alive') && v10.body().includes(': keep-alive'));
      fanout.timers.advance(30 * 60_000);
      await waitFor(() => dechunk(v11.body()).ended);
      await v10.closed;

      expect(v11.head()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(v11.head().toLowerCase()).toContain('transfer-encoding: chunked');
      const { chunks } = dechunk(v11.body());
      // One frame per chunk: connected, the announcement, then keep-alives.
      expect(chunks.slice(0, 3).map((c) => c.split('\n')[0])).toEqual(['retry: 3000', 'event: announcement', ': keep-alive']);
      expect(chunks[0]).toContain('event: connected');
      for (const chunk of chunks) expect(chunk.endsWith('\n\n') && !chunk.slice(0, -2).includes('\n\n')).toBe(true);
      expect(chunks[1]).toContain('Ünïcode ♪ sale');

      expect(v10.head()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(v10.head().toLowerCase()).not.toContain('transfer-encoding');
      expect(v10.body()).toBe(chunks.join(''));
    } finally {
      v11.socket.destroy();
      v10.socket.destroy();
    }
  });
});

describe('stream lifetime jitter', () => {
  let env: TestEnv;
  let fanout: Fanout;

  beforeAll(async () => {
    env = await createTestEnv('sse-fanout');
    fanout = await startFanout(env, { extra: { SSE_CLOSE_JITTER_SECONDS: '60' }, random: () => 0.5 });
  });
  afterAll(async () => {
    await fanout?.service.stop();
    await env.cleanup();
  });

  it('streams opened together close spread over the last minute, as announced in connected.closesAt', async () => {
    const stream = await fanout.connect(await fanout.ticket(newId()));
    const connected = await stream.next();
    const closesAt = new Date(fanout.clock.now().getTime() + 30 * 60_000 - 30_000);
    expect(connected.data).toMatchObject({ closesAt: closesAt.toISOString() });
    fanout.timers.advance(30 * 60_000 - 30_000 - 1);
    expect(fanout.service.hub.stats().open).toBe(1);
    fanout.timers.advance(1);
    await expect(stream.closed).resolves.toEqual({ ended: true });
  });
});

/** Waits for a condition the server reaches on its own (a closed socket noticed); no fixed sleep. */
const waitFor = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
};

describe('an open stream holds only what it needs', () => {
  let env: TestEnv;
  let fanout: Fanout;
  const logger = createLogger('sse-fanout-test', 'info');
  const requestLines = jest.spyOn(logger, 'info');
  // Node's own channel: the server's request objects, as the service holds them.
  const requests: IncomingMessage[] = [];
  const onRequest = (message: unknown) => void requests.push((message as { request: IncomingMessage }).request);

  beforeAll(async () => {
    env = await createTestEnv('sse-fanout-held');
    fanout = await startFanout(env, { logger });
    diagnostics.subscribe('http.server.request.start', onRequest);
  });
  afterAll(async () => {
    diagnostics.unsubscribe('http.server.request.start', onRequest);
    await fanout?.service.stop();
    await env.cleanup();
  });

  it('once connected is sent, the request no longer holds express\'s routing state; the stream\'s request line at close still names method, path and status', async () => {
    const stream = await fanout.connect(await fanout.ticket(newId()));
    await stream.nextEvent();
    const req = requests.find((r) => r.url?.startsWith('/api/v1/store/announcements/stream?')) as IncomingMessage & Record<string, unknown>;
    expect(req).toBeDefined();
    expect(req.next).toBeUndefined();
    expect(req.route).toBeUndefined();
    expect(req.originalUrl).toBe('');
    expect(req.params).toEqual({});

    stream.close();
    await eventually(() =>
      expect(requestLines).toHaveBeenCalledWith(
        expect.objectContaining({ method: 'GET', path: '/api/v1/store/announcements/stream', status: 200, aborted: true }),
        'request',
      ),
    );
  });
});
