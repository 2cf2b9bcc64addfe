import { describe, expect, it } from 'vitest';
import { ttsUplink } from '../test/lorawan.js';
import { DEFAULT_SENSOR_KEYS, ruleOf } from './sensorKeys.js';
import { parseTts } from './uplinks.js';

describe('the key table', () => {
  it('a payload key named like a property every object has (constructor, __proto__) has no rule: it is an `other` sensor like any unknown key', () => {
    for (const key of ['constructor', 'Constructor', '__proto__', 'constructor_1'])
      expect(ruleOf(DEFAULT_SENSOR_KEYS, key)).toBeNull();
    // As an MQTT payload arrives (JSON.parse makes `__proto__` an own key there; HTTP refuses both keys).
    const payload = JSON.stringify(
      ttsUplink({ eui: '70B3D57BA0000FB1', at: new Date().toISOString(), decoded: { temperature: 20 } }),
    ).replace('"decoded_payload":{', '"decoded_payload":{"constructor":5,"__proto__":6,');
    const parsed = parseTts(JSON.parse(payload), DEFAULT_SENSOR_KEYS);
    if (!('uplink' in parsed)) throw new Error(`not an uplink: ${JSON.stringify(parsed)}`);
    expect(parsed.uplink.readings.map((r) => [r.key, r.rule.type, r.rule.name, r.value])).toEqual([
      ['constructor', 'other', 'constructor', 5],
      ['__proto__', 'other', '__proto__', 6],
      ['temperature', 'temperature', 'Temperatur', 20],
    ]);
  });
});
