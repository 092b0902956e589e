import { createContextKey, ROOT_CONTEXT } from '@opentelemetry/api';
import { SynchronousContextManager } from '../src/synchronous-context-manager';

const KEY = createContextKey('request');
const named = (name: string) => ROOT_CONTEXT.setValue(KEY, name);
const nameOf = (manager: SynchronousContextManager) => manager.active().getValue(KEY);

describe("the gateway's synchronous context manager", () => {
  it('a context is active for the call that entered it and its nested calls, and the outer one is back after', () => {
    const manager = new SynchronousContextManager();
    const seen: unknown[] = [];
    manager.with(named('a'), () => {
      seen.push(nameOf(manager));
      manager.with(named('b'), () => seen.push(nameOf(manager)));
      seen.push(nameOf(manager));
    });
    seen.push(nameOf(manager));
    expect(seen).toEqual(['a', 'b', 'a', undefined]);
  });

  it('a call that throws still restores the outer context', () => {
    const manager = new SynchronousContextManager();
    expect(() =>
      manager.with(named('a'), () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(manager.active()).toBe(ROOT_CONTEXT);
  });

  it('does not follow an await: code after it sees the root context unless it enters the context again', async () => {
    const manager = new SynchronousContextManager();
    const after = await manager.with(named('a'), async () => {
      await Promise.resolve();
      return nameOf(manager);
    });
    expect(after).toBeUndefined();
  });

  it('a bound callback runs in the context it was bound to, with its own this and arguments', () => {
    const manager = new SynchronousContextManager();
    const target = {
      factor: 2,
      times(this: { factor: number }, n: number) {
        return [nameOf(manager), this.factor * n];
      },
    };
    const bound = manager.bind(named('a'), target.times);
    expect(bound.call(target, 21)).toEqual(['a', 42]);
    expect(manager.bind(named('a'), 'not a function')).toBe('not a function');
  });

  it('disable() drops what is active', () => {
    const manager = new SynchronousContextManager();
    manager.with(named('a'), () => {
      manager.disable();
      expect(manager.active()).toBe(ROOT_CONTEXT);
    });
  });
});
