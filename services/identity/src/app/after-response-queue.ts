import type { Logger } from '@storecast/service-kit';

/**
 * Work that must not shape an answer runs here, after the response is written: the password-reset
 * request answers 204 at once, and the lookup, the link and the mail — work only a real account
 * causes — happen afterwards, so the answer's timing cannot tell whether the email exists.
 *
 * Jobs run one at a time, in order, each after a macrotask turn (the response is written first).
 * In memory and per process: a crash loses queued jobs (the user asks again); stop() waits for
 * them. Bounded: past `limit` waiting jobs a new one is dropped and logged (the gateway's
 * ACCOUNT_MAIL limits keep the queue short).
 */
export class AfterResponseQueue {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;
  private gate?: { promise: Promise<void>; open: () => void };

  constructor(
    private readonly logger: Logger,
    private readonly limit = 1000,
  ) {}

  /** Queues a job; false when the queue is full (the job is dropped). */
  push(name: string, job: () => Promise<void>): boolean {
    if (this.waiting >= this.limit) {
      this.logger.warn({ job: name, limit: this.limit }, 'after-response queue full: job dropped');
      return false;
    }
    this.waiting++;
    this.tail = this.tail
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => this.gate?.promise)
      .then(job)
      .catch((err: unknown) => this.logger.warn({ err, job: name }, 'after-response job failed'))
      .finally(() => {
        this.waiting--;
      });
    return true;
  }

  /** Resolves once every job queued so far (and any they queue) has run. */
  async drained(): Promise<void> {
    let seen: Promise<void> | undefined;
    while (seen !== this.tail) {
      seen = this.tail;
      await seen;
    }
  }

  /** Holds jobs until resume() (tests look at the state between the answer and the work). */
  pause(): void {
    if (this.gate) return;
    let open!: () => void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    this.gate = { promise, open };
  }

  resume(): void {
    this.gate?.open();
    this.gate = undefined;
  }

  /** Runs what is queued, then resolves (server stop). */
  close(): Promise<void> {
    this.resume();
    return this.drained();
  }
}
