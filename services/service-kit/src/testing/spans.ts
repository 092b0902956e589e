import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';

export interface RecordedSpans {
  /** Every span ended so far. */
  finished(): ReadableSpan[];
  /** The one ended span of that name (throws when there is none or several). */
  one(name: string): ReadableSpan;
  /** Unregisters the tracer provider, context manager and propagator. */
  stop(): Promise<void>;
}

/**
 * A real tracer provider for one test file, as the SDK registers it in a service (W3C trace
 * context, AsyncLocalStorage context, every trace sampled), keeping ended spans in memory: tests
 * check which spans the kit's own code makes and how they are linked, without any instrumentation.
 */
export const recordSpans = (): RecordedSpans => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  return {
    finished: () => exporter.getFinishedSpans(),
    one(name) {
      const spans = exporter.getFinishedSpans().filter((s) => s.name === name);
      if (spans.length !== 1) throw new Error(`${spans.length} spans named "${name}" (${exporter.getFinishedSpans().map((s) => s.name).join(', ')})`);
      return spans[0]!;
    },
    async stop() {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
};
