import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer has gone out (a reset mail, …): the answer then takes the same time
 * whatever the work is. Failures are logged; `idle()` lets tests and shutdown wait for the queue.
 */
export class BackgroundWork {
  readonly #pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts `work` on a later turn of the event loop, after the current answer is written. */
  run(what: string, work: () => Promise<unknown>): void {
    const done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(
        () => {},
        (err) => this.log.error({ err }, `${what} failed`),
      )
      .finally(() => this.#pending.delete(done));
    this.#pending.add(done);
  }

  /** Resolves when every queued piece of work has finished. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }
}
