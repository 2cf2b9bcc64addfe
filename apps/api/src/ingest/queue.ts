import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import type { Reading } from '../measurements/store.js';
import { IngestCache, type IngestItem, type ItemResult, writeBatch } from './writer.js';

/** Called once an item's transaction committed (`result` given) or it could not be stored (`error`). */
export type Stored = (error: unknown, result?: ItemResult) => void;

interface Pending {
  item: IngestItem;
  done: Stored;
}

export interface IngestQueueOptions {
  /** Items per transaction at most. @default 5000 */
  maxBatch?: number;
  /** Called with the readings of each committed transaction (the live stream of this process). */
  onCommit?: (readings: readonly Reading[]) => void;
  /** Runs inside each transaction after the writes (PostgreSQL: NOTIFY, delivered on commit). */
  beforeCommit?: (trx: Kysely<DB>, readings: readonly Reading[]) => Promise<void>;
  /** Attempts of a transaction that lost a deadlock or serialisation race. @default 5 */
  retries?: number;
}

// PostgreSQL deadlock and serialisation failures, SQLite's busy database: the transaction may simply be run again.
const RETRYABLE = new Set(['40P01', '40001', 'SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT']);

function retryable(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  // A reading routed to PostgreSQL's default partition while the upkeep attached its month's partition
  // (partitions.ts): run again, it goes to the new partition.
  if (code === '23514' && /partition constraint/.test(String(message))) return true;
  return RETRYABLE.has(String(code));
}

/**
 * The one way readings get in. Every path (HTTP, webhooks, MQTT, the simulator) enqueues; items that
 * arrive while a transaction runs wait and go together in the next (group commit), so a busy server
 * writes thousands of readings per transaction and a quiet one writes each at once. An item's promise
 * resolves only after its transaction committed — HTTP answers and MQTT PUBACKs wait for it — and
 * rejects when it could not be stored. A batch that fails is retried item by item, so one bad item
 * fails alone.
 */
export class IngestQueue {
  readonly #db: Kysely<DB>;
  readonly #cache = new IngestCache();
  readonly #maxBatch: number;
  readonly #retries: number;
  readonly #onCommit: (readings: readonly Reading[]) => void;
  readonly #beforeCommit: IngestQueueOptions['beforeCommit'];
  #pending: Pending[] = [];
  #running: Promise<void> | null = null;
  /**
   * Readings since start: received (enqueued), committed (stored as new) and duplicates (stored before
   * for their sensor and time), for the metrics.
   */
  readonly counts = { received: 0, committed: 0, duplicates: 0 };

  constructor(db: Kysely<DB>, options: IngestQueueOptions = {}) {
    this.#db = db;
    this.#maxBatch = options.maxBatch ?? 5000;
    this.#retries = options.retries ?? 5;
    this.#onCommit = options.onCommit ?? (() => {});
    this.#beforeCommit = options.beforeCommit;
  }

  /** Stores the item with the next transaction; resolves once that has committed. */
  enqueue(item: IngestItem): Promise<ItemResult> {
    return new Promise((resolve, reject) => {
      this.add(item, (error, result) => (result ? resolve(result) : reject(error)));
    });
  }

  /** `enqueue` with a callback: no promise per item on the hot path (MQTT, tens of thousands a second). */
  add(item: IngestItem, done: Stored): void {
    this.#pending.push({ item, done });
    this.counts.received += item.readings.length;
    // setImmediate: every message parsed in this turn of the event loop joins the same transaction.
    this.#running ??= new Promise((ready) => setImmediate(ready)).then(() => this.#drain());
  }

  /** Items waiting for a transaction. */
  get backlog(): number {
    return this.#pending.length;
  }

  /** Resolves once everything enqueued so far has been written (or has failed). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#pending.length > 0) {
        const batch = this.#pending.splice(0, this.#maxBatch);
        try {
          this.#settle(batch, await this.#commit(batch.map((p) => p.item)));
        } catch (error) {
          if (batch.length === 1) batch[0]!.done(error);
          else for (const one of batch) await this.#alone(one);
        }
      }
    } finally {
      this.#running = null;
    }
  }

  async #alone(one: Pending): Promise<void> {
    try {
      this.#settle([one], await this.#commit([one.item]));
    } catch (error) {
      one.done(error);
    }
  }

  #settle(batch: readonly Pending[], results: readonly ItemResult[]): void {
    for (let i = 0; i < batch.length; i++) batch[i]!.done(null, results[i]!);
  }

  async #commit(items: readonly IngestItem[]): Promise<ItemResult[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        const out = await this.#db.transaction().execute(async (trx) => {
          const written = await writeBatch(trx, items, this.#cache);
          await this.#beforeCommit?.(trx, written.readings);
          return written;
        });
        this.#cache.merge(out.learnt);
        this.counts.committed += out.added;
        this.counts.duplicates += out.readings.length - out.added;
        this.#onCommit(out.readings);
        return out.results;
      } catch (error) {
        if (!retryable(error) || attempt >= this.#retries) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 * attempt * Math.random()));
      }
    }
  }
}
