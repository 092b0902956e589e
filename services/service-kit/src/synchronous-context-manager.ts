import { type Context, type ContextManager, ROOT_CONTEXT } from '@opentelemetry/api';

/**
 * An OpenTelemetry context manager for processes that never need the context across an `await`:
 * the active context is whatever the innermost `context.with` running right now set, and nothing
 * carries it across an `await` or a callback except `bind`. The SDK's default (AsyncLocalStorage)
 * enables Node's async hooks, which then run for every promise and socket write of the process —
 * measured as a fifth to a third of the gateway's tracing cost (bench/README.md, issue 10); Node 20
 * has no cheaper AsyncLocalStorage. Pass it to startTelemetry({ contextManager }).
 *
 * Who uses it: the gateway, which re-enters each request's trace (`inRequestTrace`) before each
 * call that makes a span or logs and injects the request span's context into the proxied request.
 * A library call started inside `context.with` gets its parent synchronously, which is when
 * instrumentation-ioredis and -grpc read it. Services keep the default: their use cases await
 * inside spans. (sse-fanout ran with it for one measurement: 6 % less CPU per event, but the
 * end-to-end dispatch → event p50 looked worse in that sitting; bench/README.md § SSE fan-out.)
 */
export class SynchronousContextManager implements ContextManager {
  private current: Context = ROOT_CONTEXT;

  active(): Context {
    return this.current;
  }

  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(context: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    const previous = this.current;
    this.current = context;
    try {
      return fn.call(thisArg, ...args);
    } finally {
      this.current = previous;
    }
  }

  bind<T>(context: Context, target: T): T {
    if (typeof target !== 'function') return target;
    const fn = target as unknown as (...args: unknown[]) => unknown;
    const run = (self: unknown, args: unknown[]) => this.with(context, () => fn.apply(self, args));
    return function (this: unknown, ...args: unknown[]) {
      return run(this, args);
    } as unknown as T;
  }

  enable(): this {
    return this;
  }

  disable(): this {
    this.current = ROOT_CONTEXT;
    return this;
  }
}
