import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  Dashboard,
  DashboardCreateBody,
  DashboardUpdateBody,
  Panel,
  PanelCreateBody,
  PanelOrderBody,
  PanelUpdateBody,
} from './dashboard';
import { toFormErrors } from './errors';

const stamps = { created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' };
const sensor = { id: 3, device_id: 7, name: 'Temperatur', type: 'temperature', unit: '°C' } as const;
const device = {
  id: 7,
  title: null,
  external_device_id: 'abc',
  lat: null,
  lng: null,
  is_public: false,
  public_grid_m: 1000,
  default_sensor_id: 3,
  ...stamps,
};
const panel = {
  id: 5,
  dashboard_id: 1,
  type: 'line_chart',
  title: 'Temperaturer',
  position: 0,
  thresholds: [],
  width: 6,
  height: 3,
  ...stamps,
} as const;

const errorsOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? {} : toFormErrors(result.error);

describe('Dashboard and Panel', () => {
  it('spec §3 Dashboard: id, title, is_favorite, user, panels', () => {
    const dashboard = Dashboard.parse({
      id: 1,
      title: 'Hem',
      is_favorite: true,
      user_id: 2,
      ...stamps,
      user: {
        id: 2,
        name: 'Anna',
        email: 'anna@matnat.se',
        photo_url: null,
        initials: 'A',
        is_admin: false,
        has_set_password: true,
        email_verified_at: null,
        ...stamps,
      },
      panels: [panel],
    });
    expect(dashboard.panels?.[0]?.type).toBe('line_chart');
  });

  it('spec §3 Panel: lineChartItems, singleValueItem, device, sensor; line chart item device has sensors and defaultSensor', () => {
    const parsed = Panel.parse({
      ...panel,
      lineChartItems: [
        {
          id: 1,
          panel_id: 5,
          sensor_id: 3,
          device_id: 7,
          color: '#14b8a6',
          sensor,
          device: { ...device, sensors: [sensor], defaultSensor: sensor },
        },
      ],
      singleValueItem: null,
      device: null,
      sensor: null,
    });
    expect(parsed.lineChartItems?.[0]?.device?.defaultSensor?.unit).toBe('°C');
    expect(Panel.safeParse({ ...panel, type: 'pie' }).success).toBe(false);
  });
});

describe('dashboard bodies', () => {
  it('create requires a title, in Swedish; update takes any subset', () => {
    expect(DashboardCreateBody.parse({ title: ' Hem ' })).toEqual({ title: 'Hem' });
    expect(errorsOf(DashboardCreateBody.safeParse({ title: 'x'.repeat(256) }))).toEqual({
      title: ['Titel får vara högst 255 tecken.'],
    });
    expect(DashboardUpdateBody.parse({ is_favorite: true })).toEqual({ is_favorite: true });
    expect(errorsOf(DashboardUpdateBody.safeParse({ is_favorite: 'ja' }))).toEqual({
      is_favorite: ['Favorit måste vara sant eller falskt.'],
    });
  });

  it('spec §7 PATCH /api/v1/dashboard/{id}/panel: the panel order as distinct ids', () => {
    expect(PanelOrderBody.parse({ panels: [3, 1, 2] })).toEqual({ panels: [3, 1, 2] });
    expect(errorsOf(PanelOrderBody.safeParse({ panels: [1, 1] }))).toEqual({
      panels: ['Paneler får inte innehålla dubbletter.'],
    });
    expect(errorsOf(PanelOrderBody.safeParse({ panels: [0] }))).toEqual({
      'panels.0': ['Paneler måste vara ett giltigt id.'],
    });
  });
});

describe('PanelCreateBody', () => {
  it('a line chart carries at least one line', () => {
    expect(
      PanelCreateBody.parse({
        type: 'line_chart',
        dashboard_id: 1,
        line_chart_items: [{ device_id: 7, sensor_id: 3, color: '#14B8A6' }],
      }),
    ).toEqual({
      type: 'line_chart',
      dashboard_id: 1,
      line_chart_items: [{ device_id: 7, sensor_id: 3, color: '#14b8a6' }],
    });
    expect(
      errorsOf(PanelCreateBody.safeParse({ type: 'line_chart', dashboard_id: 1, line_chart_items: [] })),
    ).toEqual({ line_chart_items: ['Linjer måste innehålla minst en post.'] });
  });

  it('a single value needs a device and a sensor', () => {
    expect(
      PanelCreateBody.parse({
        type: 'single_value',
        dashboard_id: 1,
        title: 'Nu',
        device_id: 7,
        sensor_id: 3,
      }),
    ).toMatchObject({ type: 'single_value', sensor_id: 3 });
    expect(errorsOf(PanelCreateBody.safeParse({ type: 'single_value', dashboard_id: 1 }))).toEqual({
      device_id: ['Mätenhet måste anges.'],
      sensor_id: ['Sensor måste anges.'],
    });
  });

  it('rejects an unknown type in Swedish', () => {
    expect(errorsOf(PanelCreateBody.safeParse({ type: 'pie', dashboard_id: 1 }))).toEqual({
      type: ['Typ måste vara något av: line_chart, single_value.'],
    });
  });

  it('rejects a bad colour', () => {
    expect(
      errorsOf(
        PanelCreateBody.safeParse({
          type: 'line_chart',
          dashboard_id: 1,
          line_chart_items: [{ device_id: 7, sensor_id: 3, color: 'teal' }],
        }),
      ),
    ).toEqual({ 'line_chart_items.0.color': ['Färgen måste anges som #rrggbb.'] });
  });
});

describe('PanelUpdateBody', () => {
  it('re-points a single value only with both device and sensor', () => {
    expect(PanelUpdateBody.parse({ title: 'Ny', device_id: 7, sensor_id: 3 })).toEqual({
      title: 'Ny',
      device_id: 7,
      sensor_id: 3,
    });
    expect(errorsOf(PanelUpdateBody.safeParse({ device_id: 7 }))).toEqual({
      sensor_id: ['Mätenhet och sensor måste anges tillsammans.'],
    });
    expect(errorsOf(PanelUpdateBody.safeParse({ type: 'single_value' }))).toEqual({
      type: ['Fältet är okänt.'],
    });
  });
});

describe('issue 21: threshold steps of a panel', () => {
  const steps = [
    { value: -50, color: 'green', label: 'OK' },
    { value: 25.5, color: 'Yellow', label: ' Varning ' },
    { value: 30, color: '#B91C1C', label: 'Larm' },
  ];
  const line = { type: 'line_chart', dashboard_id: 1, line_chart_items: [{ device_id: 7, sensor_id: 3 }] };

  it('a panel of either type carries ordered steps (value, colour, Swedish label), stored as given', () => {
    const parsed = PanelCreateBody.parse({ ...line, thresholds: steps });
    expect(parsed.thresholds).toEqual([
      { value: -50, color: 'green', label: 'OK' },
      { value: 25.5, color: 'yellow', label: 'Varning' },
      { value: 30, color: '#b91c1c', label: 'Larm' },
    ]);
    const single = { type: 'single_value', dashboard_id: 1, device_id: 7, sensor_id: 3 };
    expect(PanelCreateBody.parse({ ...single, thresholds: steps }).thresholds).toHaveLength(3);
    expect(PanelUpdateBody.parse({ thresholds: [] })).toEqual({ thresholds: [] });
    expect(
      Panel.parse({ ...panel, thresholds: [{ value: 1, color: 'red', label: 'Larm' }] }).thresholds,
    ).toHaveLength(1);
  });

  it('issue 21 Bad input: steps out of order (or equal), non-finite values, unknown colours: Swedish field errors', () => {
    const errors = errorsOf(
      PanelCreateBody.safeParse({
        ...line,
        thresholds: [
          { value: 10, color: 'green', label: 'OK' },
          { value: 10, color: 'rosa', label: 'Varning' },
          { value: 5, color: 'red', label: 'Larm' },
        ],
      }),
    );
    expect(errors).toEqual({
      'thresholds.1.value': [
        'Stegen måste ligga i stigande ordning: värdet måste vara större än föregående stegs (10).',
      ],
      'thresholds.1.color': [
        'Färgen måste vara grön, gul, orange, röd, blå, lila, grå eller en färg som #rrggbb.',
      ],
      'thresholds.2.value': [
        'Stegen måste ligga i stigande ordning: värdet måste vara större än föregående stegs (10).',
      ],
    });
    expect(
      errorsOf(PanelUpdateBody.safeParse({ thresholds: [{ value: 1, color: 'red', label: ' ' }] })),
    ).toEqual({
      'thresholds.0.label': ['Etikett måste anges.'],
    });
    expect(
      errorsOf(
        PanelUpdateBody.safeParse({
          thresholds: [
            { value: 1.5, color: 'red', label: 'A' },
            { value: 1, color: 'red', label: 'B' },
          ],
        }),
      ),
    ).toEqual({
      'thresholds.1.value': [
        'Stegen måste ligga i stigande ordning: värdet måste vara större än föregående stegs (1,5).',
      ],
    });
    for (const value of [Number.POSITIVE_INFINITY, Number.NaN, JSON.parse('1e999'), '12', null]) {
      expect(
        errorsOf(PanelUpdateBody.safeParse({ thresholds: [{ value, color: 'red', label: 'A' }] })),
      ).toEqual({
        'thresholds.0.value': [value === null ? 'Värde måste anges.' : 'Värde måste vara ett tal.'],
      });
    }
    expect(
      errorsOf(PanelUpdateBody.safeParse({ thresholds: [{ value: 1, color: '#12345', label: 'A' }] })),
    ).toEqual({
      'thresholds.0.color': [
        'Färgen måste vara grön, gul, orange, röd, blå, lila, grå eller en färg som #rrggbb.',
      ],
    });
    const many = Array.from({ length: 11 }, (_, i) => ({ value: i, color: 'red', label: `S${i}` }));
    expect(errorsOf(PanelUpdateBody.safeParse({ thresholds: many }))).toEqual({
      thresholds: ['Gränsvärden får innehålla högst 10 poster.'],
    });
    expect(
      errorsOf(
        PanelUpdateBody.safeParse({ thresholds: [{ value: 1, color: 'red', label: 'x'.repeat(41) }] }),
      ),
    ).toEqual({
      'thresholds.0.label': ['Etikett får vara högst 40 tecken.'],
    });
  });
});

describe('issue 21 point 5: a panel on the 12-column grid', () => {
  it('width and height are whole numbers 1–12, refused in Swedish under their field otherwise', () => {
    expect(PanelUpdateBody.parse({ width: 12, height: 1 })).toEqual({ width: 12, height: 1 });
    expect(errorsOf(PanelUpdateBody.safeParse({ width: 0, height: 13 }))).toEqual({
      width: ['Bredd måste vara minst 1.'],
      height: ['Höjd får vara högst 12.'],
    });
    expect(errorsOf(PanelUpdateBody.safeParse({ width: 2.5 }))).toEqual({
      width: ['Bredd måste vara ett heltal.'],
    });
    expect(Panel.safeParse({ ...panel, width: 13 }).success).toBe(false);
  });
});
