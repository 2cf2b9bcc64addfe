import { describe, expect, it } from 'vitest';
import { bearerToken, safeEqual, sha256 } from './tokens.js';

describe('tokens', () => {
  it('bearerToken reads the Bearer scheme case-insensitively, empty tokens included', () => {
    expect(bearerToken('Bearer mtn_abc')).toBe('mtn_abc');
    expect(bearerToken('bearer   mtn_abc ')).toBe('mtn_abc');
    expect(bearerToken('Bearer')).toBe('');
    expect(bearerToken('Bearer ')).toBe('');
    expect(bearerToken('Basic dXNlcg==')).toBeNull();
    expect(bearerToken('Bearerx')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });

  it('sha256 is hex and safeEqual compares without throwing on different lengths', () => {
    expect(sha256('x')).toMatch(/^[0-9a-f]{64}$/);
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
