import { describe, expect, it } from 'vitest';
import { RateLimiter } from './throttle.js';

describe('RateLimiter', () => {
  it('allows maxAttempts attempts per window, then tells how long to wait', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    expect(limiter.attempt('k', 2, 60)).toEqual({ allowed: true, retryAfter: 0 });
    expect(limiter.attempt('k', 2, 60)).toEqual({ allowed: true, retryAfter: 0 });
    now = 15_000;
    expect(limiter.attempt('k', 2, 60)).toEqual({ allowed: false, retryAfter: 45 });
    now = 60_000;
    expect(limiter.attempt('k', 2, 60).allowed).toBe(true);
  });

  it('keys are independent and clear() forgets a key', () => {
    const limiter = new RateLimiter(() => 0);
    limiter.hit('a', 60);
    expect(limiter.retryAfter('a', 1)).toBeGreaterThan(0);
    expect(limiter.retryAfter('b', 1)).toBe(0);
    limiter.clear('a');
    expect(limiter.retryAfter('a', 1)).toBe(0);
  });
});
