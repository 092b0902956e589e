import type { Timers } from '../app/ports';

/** Node's timers, unref'ed: an open stream's keep-alive never holds the process open on its own. */
export const nodeTimers: Timers = {
  every(ms, fn) {
    const handle = setInterval(fn, ms).unref();
    return { cancel: () => clearInterval(handle) };
  },
  after(ms, fn) {
    const handle = setTimeout(fn, ms).unref();
    return { cancel: () => clearTimeout(handle) };
  },
};
