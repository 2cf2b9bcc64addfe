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
  default_sensor_id: 3,
  ...stamps,
};
const panel = {
  id: 5,
  dashboard_id: 1,
  type: 'line_chart',
  title: 'Temperaturer',
  position: 0,
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
