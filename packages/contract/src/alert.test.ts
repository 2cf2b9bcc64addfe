import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Alert, AlertCondition, AlertCreateBody, AlertUpdateBody } from './alert';
import { toFormErrors } from './errors';
import { Notification } from './notification';
import { sensorKind } from './sensorKind';

const errorsOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? {} : toFormErrors(result.error);
const stamps = { created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' };

describe('Alert', () => {
  it('spec §3 Alert: the list is loaded with conditionsCount, as conditions_count', () => {
    const alert = Alert.parse({
      id: 1,
      name: 'Frost',
      device_id: 7,
      is_enabled: true,
      last_triggered_at: null,
      ...stamps,
      conditions_count: 2,
    });
    expect(alert.conditions_count).toBe(2);
    expect(alert.conditions).toBeUndefined();
  });

  it('carries its conditions when included', () => {
    const alert = Alert.parse({
      id: 1,
      name: 'Frost',
      device_id: null,
      is_enabled: false,
      last_triggered_at: '2025-01-01T03:00:00Z',
      ...stamps,
      conditions: [{ id: 1, alert_id: 1, sensor_id: 3, operator: '<', threshold: 0, duration_s: 600 }],
    });
    expect(alert.conditions?.[0]?.operator).toBe('<');
  });

  it('issue 11: a condition on every sensor of a kind has no sensor_id, a device_id and a sensor_key', () => {
    const condition = { id: 2, alert_id: 1, operator: '>', threshold: 30, duration_s: 0 };
    expect(
      AlertCondition.parse({ ...condition, sensor_id: null, device_id: 7, sensor_key: 'temperature' }),
    ).toMatchObject({ sensor_id: null, device_id: 7, sensor_key: 'temperature' });
  });
});

describe('alert bodies', () => {
  it('create: name and at least one condition; enabled, mailing, no webhooks and zero duration by default', () => {
    expect(
      AlertCreateBody.parse({ name: 'Frost', conditions: [{ sensor_id: 3, operator: '<=', threshold: 0 }] }),
    ).toEqual({
      name: 'Frost',
      is_enabled: true,
      notify_email: true,
      webhook_ids: [],
      conditions: [{ sensor_id: 3, operator: '<=', threshold: 0, duration_s: 0 }],
    });
  });

  it('issue 24: webhook_ids are distinct ids, at most 10', () => {
    const base = { name: 'Frost', conditions: [{ sensor_id: 3, operator: '<=', threshold: 0 }] };
    expect(AlertCreateBody.parse({ ...base, notify_email: false, webhook_ids: [2, 5] })).toMatchObject({
      notify_email: false,
      webhook_ids: [2, 5],
    });
    expect(errorsOf(AlertCreateBody.safeParse({ ...base, webhook_ids: [2, 2] }))).toEqual({
      webhook_ids: ['Webhooks får inte innehålla dubbletter.'],
    });
    expect(
      AlertCreateBody.safeParse({ ...base, webhook_ids: Array.from({ length: 11 }, (_, i) => i + 1) })
        .success,
    ).toBe(false);
  });

  it('rejects bad conditions in Swedish', () => {
    expect(errorsOf(AlertCreateBody.safeParse({ name: '', conditions: [] }))).toEqual({
      name: ['Namn måste anges.'],
      conditions: ['Villkor måste innehålla minst en post.'],
    });
    expect(
      errorsOf(
        AlertCreateBody.safeParse({
          name: 'Frost',
          conditions: [{ sensor_id: 3, operator: '!=', threshold: 'noll', duration_s: -1 }],
        }),
      ),
    ).toEqual({
      'conditions.0.operator': ['Villkor måste vara något av: >, >=, <, <=.'],
      'conditions.0.threshold': ['Gränsvärde måste vara ett tal.'],
      'conditions.0.duration_s': ['Varaktighet måste vara minst 0.'],
    });
  });

  it('issue 11: a condition watches a sensor, or every sensor of a kind on a device (device_id with sensor_key)', () => {
    expect(
      AlertCreateBody.parse({
        name: 'Frost',
        conditions: [
          { sensor_id: 3, operator: '<', threshold: 0 },
          { device_id: 7, sensor_key: 'Temperature', operator: '<', threshold: 0 },
        ],
      }).conditions,
    ).toEqual([
      { sensor_id: 3, operator: '<', threshold: 0, duration_s: 0 },
      { device_id: 7, sensor_key: 'temperature', operator: '<', threshold: 0, duration_s: 0 },
    ]);
  });

  it('issue 11: a condition with no target, both targets or half a kind target is refused in Swedish', () => {
    const conditions = (...targets: object[]) => ({
      name: 'Frost',
      conditions: targets.map((t) => ({ ...t, operator: '<', threshold: 0 })),
    });
    expect(
      errorsOf(
        AlertCreateBody.safeParse(
          conditions(
            {},
            { sensor_id: 3, device_id: 7, sensor_key: 'temperature' },
            { device_id: 7 },
            {
              sensor_key: 'temperature',
            },
          ),
        ),
      ),
    ).toEqual({
      'conditions.0.sensor_id': ['Ange en sensor, eller en mätenhet och en sensortyp.'],
      'conditions.1.sensor_id': ['Ange antingen en sensor eller en mätenhet och en sensortyp, inte båda.'],
      'conditions.2.sensor_key': ['Sensortyp måste anges.'],
      'conditions.3.device_id': ['Mätenhet måste anges.'],
    });
    expect(errorsOf(AlertCreateBody.safeParse(conditions({ sensor_id: 3, device_id: 7 })))).toEqual({
      'conditions.0.sensor_id': ['Ange antingen en sensor eller en mätenhet och en sensortyp, inte båda.'],
    });
    expect(errorsOf(AlertCreateBody.safeParse(conditions({ device_id: 7, sensor_key: '  ' })))).toEqual({
      'conditions.0.sensor_key': ['Sensortyp måste anges.'],
    });
  });

  it('update takes any subset and keeps defaults out', () => {
    expect(AlertUpdateBody.parse({ is_enabled: false })).toEqual({ is_enabled: false });
  });
});

describe('Notification', () => {
  it('spec §9 Notification levels: warn, error, success, plus a default', () => {
    const base = {
      id: 1,
      title: 'Frost',
      body: 'Under 0 °C',
      read_at: null,
      created_at: '2025-01-01T00:00:00Z',
    };
    for (const level of ['warn', 'error', 'success', 'default']) {
      expect(Notification.parse({ ...base, level }).level).toBe(level);
    }
    expect(Notification.safeParse({ ...base, level: 'info' }).success).toBe(false);
  });
});

describe('sensorKind', () => {
  it('issue 11: a sensor’s kind is its payload key, or its type when it has none (as ingestion matches)', () => {
    expect(sensorKind({ key: 'TempC_SHT', type: 'temperature' })).toBe('tempc_sht');
    expect(sensorKind({ key: null, type: 'humidity' })).toBe('humidity');
  });
});
