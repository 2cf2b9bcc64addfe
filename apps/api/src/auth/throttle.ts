interface Bucket {
  hits: number;
  resetAt: number;
}

/**
 * Fixed-window attempt counter kept in memory: right for one process. Behind a load balancer the same
 * interface would sit on Redis or the database (see docs/architecture.md, scale path).
 */
export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();

  constructor(private readonly clock: () => number = Date.now) {}

  /** Seconds until `key` may try again, or 0 when it has attempts left. */
  retryAfter(key: string, maxAttempts: number): number {
    const bucket = this.#live(key);
    return bucket && bucket.hits >= maxAttempts ? (bucket.resetAt - this.clock()) / 1000 : 0;
  }

  /** Counts an attempt; returns the attempts made in the current window. */
  hit(key: string, decaySeconds: number): number {
    const bucket = this.#live(key) ?? { hits: 0, resetAt: this.clock() + decaySeconds * 1000 };
    bucket.hits += 1;
    this.#buckets.set(key, bucket);
    if (this.#buckets.size > 10_000) this.#sweep();
    return bucket.hits;
  }

  /** Counts an attempt and tells whether it was over the limit (the attempt is then refused). */
  attempt(key: string, maxAttempts: number, decaySeconds: number): { allowed: boolean; retryAfter: number } {
    const wait = this.retryAfter(key, maxAttempts);
    if (wait > 0) return { allowed: false, retryAfter: wait };
    this.hit(key, decaySeconds);
    return { allowed: true, retryAfter: 0 };
  }

  clear(key: string): void {
    this.#buckets.delete(key);
  }

  #live(key: string): Bucket | undefined {
    const bucket = this.#buckets.get(key);
    if (bucket && bucket.resetAt <= this.clock()) {
      this.#buckets.delete(key);
      return undefined;
    }
    return bucket;
  }

  #sweep(): void {
    const now = this.clock();
    for (const [key, bucket] of this.#buckets) if (bucket.resetAt <= now) this.#buckets.delete(key);
  }
}
