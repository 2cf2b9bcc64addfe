import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Alert, AlertCreateBody, AlertUpdateBody } from './alert';
import { toFormErrors } from './errors';
import { Notification } from './notification';

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
});

describe('alert bodies', () => {
  it('create: name and at least one condition; enabled and zero duration by default', () => {
    expect(
      AlertCreateBody.parse({ name: 'Frost', conditions: [{ sensor_id: 3, operator: '<=', threshold: 0 }] }),
    ).toEqual({
      name: 'Frost',
      is_enabled: true,
      conditions: [{ sensor_id: 3, operator: '<=', threshold: 0, duration_s: 0 }],
    });
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
