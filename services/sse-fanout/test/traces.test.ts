import { SpanKind } from '@opentelemetry/api';
import { createLogger, newId } from '@storecast/service-kit';
import { recordSpans, type RecordedSpans, type TestEnv } from '@storecast/service-kit/testing';
import { createTestEnv, eventPublisher, pendingEvent, startFanout, type Fanout } from './support/harness';

// The relay's publish span travels in the message's traceparent header; amqplib is not
// instrumented, so the fan-out's own span is what continues the trace in this service.
describe('the fan-out of an event continues the trace the message carries', () => {
  let spans: RecordedSpans;
  let env: TestEnv;
  let fanout: Fanout;
  let publisher: Awaited<ReturnType<typeof eventPublisher>>;

  beforeAll(async () => {
    spans = recordSpans();
    env = await createTestEnv('sse-fanout-traces');
    fanout = await startFanout(env, { logger: createLogger('sse-fanout-test', 'silent') });
    publisher = await eventPublisher(env);
  });
  afterAll(async () => {
    await publisher?.close();
    await fanout?.service.stop();
    await env.cleanup();
    await spans?.stop();
  });

  it('a pending dispatch published under a traceparent is fanned out in a CONSUMER span that is its child, ended once the stream got it', async () => {
    const storeId = newId();
    const stream = await fanout.connect(await fanout.ticket(storeId));
    try {
      expect((await stream.nextEvent()).event).toBe('connected');
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const publishSpanId = '00f067aa0ba902b7';
      const event = pendingEvent(storeId);
      await publisher.publish('dispatch.dispatch.pending', event, { headers: { traceparent: `00-${traceId}-${publishSpanId}-01` } });
      expect(await stream.nextEvent()).toMatchObject({ event: 'announcement', data: { dispatchId: event.dispatchId } });

      const fanOut = spans.one('fan-out dispatch.dispatch.pending');
      expect(fanOut.kind).toBe(SpanKind.CONSUMER);
      expect(fanOut.spanContext().traceId).toBe(traceId);
      expect(fanOut.parentSpanContext?.spanId).toBe(publishSpanId);
    } finally {
      stream.close();
    }
  });
});
