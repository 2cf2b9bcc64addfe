import { describe, expect, it } from 'vitest';
import { deviceIdOf } from './deviceIds';

describe('deviceIdOf: one device-id rule for every way in (issue 24 finding 2)', () => {
  it('a DevEUI is 16 hex digits, separators and case normalised', () => {
    for (const raw of [
      '70B3D57ED005A1B2',
      '70b3d57ed005a1b2',
      '70-b3-d5-7e-d0-05-a1-b2',
      '70:B3:D5:7E:D0:05:A1:B2',
      ' 70 b3 d5 7e d0 05 a1 b2 ',
    ])
      expect(deviceIdOf(raw, 'dev_eui', { eui: true })).toEqual({ id: '70B3D57ED005A1B2' });
  });

  it('a DevEUI field takes nothing else: 15 or 17 digits, other letters, 3,000 characters', () => {
    for (const raw of ['70B3D57ED005A1B', '70B3D57ED005A1B20', 'G0B3D57ED005A1B2', 'A'.repeat(3000), ''])
      expect(deviceIdOf(raw, 'dev_eui', { eui: true })).toEqual({
        problem: 'dev_eui måste vara ett DevEUI: 16 hexadecimala siffror.',
      });
  });

  it('other ids: letters, digits and -_.: up to 64 characters, kept as sent (hex-only ones in upper case)', () => {
    expect(deviceIdOf('eui-70b3d57ed03f4f40', 'device')).toEqual({ id: 'eui-70b3d57ed03f4f40' });
    expect(deviceIdOf('spjut_1.a:b', 'device')).toEqual({ id: 'spjut_1.a:b' });
    expect(deviceIdOf('ab-cd-01', 'device')).toEqual({ id: 'ABCD01' });
    expect(deviceIdOf('x'.repeat(64), 'device')).toEqual({ id: 'x'.repeat(64) });
    for (const raw of ['x'.repeat(65), 'a b', 'spjut/1', 'å', ''])
      expect('problem' in deviceIdOf(raw, 'device')).toBe(true);
  });
});
