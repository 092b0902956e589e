import { type Context, type ContextManager, ROOT_CONTEXT } from '@opentelemetry/api';

/**
 * The gateway's OpenTelemetry context manager: the active context is whatever the innermost
 * `context.with` running right now set, and nothing carries it across an `await` or a callback
 * except `bind`. The SDK's default (AsyncLocalStorage) enables Node's async hooks, which then run
 * for every promise and socket write of the process — measured as a fifth to a third of the
 * gateway's tracing cost (bench/README.md, issue 10); Node 20 has no cheaper AsyncLocalStorage.
 *
 * The gateway needs the context only where it can name the request: its own code re-enters the
 * request's trace (`inRequestTrace`) before each call that makes a span (Redis, gRPC) or logs, and
 * the proxy injects the request span's context explicitly. A library call started inside
 * `context.with` gets its parent synchronously, which is when instrumentation-ioredis and -grpc
 * read it.
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
