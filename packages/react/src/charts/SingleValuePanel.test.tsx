import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { heldWidgetApi, settle, T0, testCoreClient, widgetApi, withClient } from '../testing/widgetApi';
import { panelStyles } from '../widgets/widgetCss';
import { formatAge, formatReading } from './format';
import { SingleValuePanel } from './SingleValuePanel';

function setup(latest?: unknown) {
  const api = widgetApi();
  if (latest !== undefined) api.answer('/api/v1/sensor/7/latest', { body: { data: latest } });
  return { api, wrapper: withClient(testCoreClient(api)) };
}

const reading = { sensor_id: 7, value: 1234.56, measured_at: new Date(T0).toISOString(), unit: '°C' };
const now = () => T0 + 3 * 60_000;

describe('SingleValuePanel reads through the core client', () => {
  afterEach(cleanup);

  it('shows the value with its unit in the Swedish number format and the age of the reading', async () => {
    const { wrapper } = setup(reading);
    render(<SingleValuePanel sensorId={7} title="Energi" now={now} />, { wrapper });
    await settle();
    expect(screen.getByText('1 234,6').className).toBe('matnat-single-value__number');
    expect(screen.getByText(/°C/)).toBeTruthy();
    expect(screen.getByText('Mätt för 3 minuter sedan')).toBeTruthy();
  });

  it("a reading under a minute old is 'Mätt nyss', never 'för 0 sekunder sedan'", async () => {
    const { wrapper } = setup(reading);
    render(<SingleValuePanel sensorId={7} now={() => T0 + 20_000} />, { wrapper });
    await settle();
    expect(screen.getByText('Mätt nyss')).toBeTruthy();
  });

  it('issue 21 Bad input: a host range with from after till shows why in place of the value, and no sparkline is asked for', async () => {
    const { api, wrapper } = setup(reading);
    render(<SingleValuePanel sensorId={7} range="2026-01-03/2026-01-01" now={now} />, { wrapper });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'Perioden kan inte visas. Från måste ligga före Till.',
    );
    expect(document.querySelector('.matnat-single-value__number')).toBeNull();
    expect(api.callsTo(/\/measurements$/)).toEqual([]);
  });

  it("a unit given by the host wins over the reading's unit", async () => {
    const { wrapper } = setup(reading);
    render(<SingleValuePanel sensorId={7} unit="kWh" now={now} />, { wrapper });
    await settle();
    expect(screen.getByText(/kWh/)).toBeTruthy();
  });

  it("issue 21: a clear 'Inget värde' state before the sensor's first reading", async () => {
    const { wrapper } = setup(null);
    render(<SingleValuePanel sensorId={7} />, { wrapper });
    await settle();
    expect(screen.getByText('Inget värde').className).toContain('matnat-single-value--none');
    expect(screen.getByText('Sensorn har inte skickat något mätvärde än.')).toBeTruthy();
    expect(document.querySelector('.matnat-single-value__number')).toBeNull();
  });

  const steps = [
    { value: -50, color: 'blue', label: 'Kallt' },
    { value: 10, color: 'green', label: 'OK' },
    { value: 25, color: '#7c3aed', label: 'Larm' },
  ];

  it("issue 21 point 1: the number in its threshold step's colour, with the step's label; a live reading that crosses changes both", async () => {
    const { api, wrapper } = setup({ ...reading, value: 21.5 });
    render(<SingleValuePanel sensorId={7} thresholds={steps} now={now} />, { wrapper });
    await settle();
    const value = () => document.querySelector('.matnat-single-value') as HTMLElement;
    const label = () => document.querySelector('.matnat-single-value__step')?.textContent;
    expect(value().style.color).toBe('var(--matnat-threshold-green, #15803d)');
    expect(label()).toBe('OK');
    await api.streamOpened();
    api.push({ sensor_id: 7, value: 25, measured_at: new Date(T0 + 60_000).toISOString() });
    await settle();
    expect(value().style.color).toBe('#7c3aed');
    expect(label()).toBe('Larm');
    // Below the first step: no step, the theme's colour.
    api.push({ sensor_id: 7, value: -60, measured_at: new Date(T0 + 120_000).toISOString() });
    await settle();
    expect(value().style.color).toBe('');
    expect(document.querySelector('.matnat-single-value__step')).toBeNull();
  });

  it("issue 21 point 1: 'Mätt för 3 h sedan' turns into a warning once older than the device's expected interval", async () => {
    const { wrapper } = setup({ ...reading, expected_interval_s: 3600 });
    const { rerender } = render(<SingleValuePanel sensorId={7} now={() => T0 + 50 * 60_000} />, { wrapper });
    await settle();
    const age = () => document.querySelector('.matnat-single-value__age') as HTMLElement;
    expect(age().className).toBe('matnat-single-value__age');
    expect(age().textContent).toBe('Mätt för 50 minuter sedan');
    rerender(<SingleValuePanel sensorId={7} now={() => T0 + 3 * 3_600_000} />);
    expect(age().className).toContain('matnat-single-value__age--stale');
    expect(age().textContent).toBe('⚠ Mätt för 3 timmar sedan · äldre än väntat (1 timme)');
    // The host may set its own interval.
    rerender(<SingleValuePanel sensorId={7} expectedIntervalS={4 * 3600} now={() => T0 + 3 * 3_600_000} />);
    expect(age().className).toBe('matnat-single-value__age');
  });

  it("issue 21 point 1: a sparkline of the panel's range, named by its lowest and highest value", async () => {
    const { api, wrapper } = setup(reading);
    render(<SingleValuePanel sensorId={7} range="prev_24_h" now={now} />, { wrapper });
    await settle();
    const query = Object.fromEntries(api.callsTo(/\/measurements$/)[0]!.query);
    expect(query).toMatchObject({ range_slug: 'prev_24_h', max_points: '120' });
    const svg = screen.getByRole('img');
    expect(svg.getAttribute('aria-label')).toBe('Under perioden mellan 10 och 10\u00a0°C');
    expect(svg.querySelector('path')?.getAttribute('d')).toMatch(/^M0\.00 \S+L33\.33 /);
  });

  it('issue 21: a new range keeps the sparkline it had, dimmed and busy, until its own buckets come; another sensor shows none of it', async () => {
    const { api, wrapper, hold, release } = heldWidgetApi();
    api.answer('/api/v1/sensor/7/latest', { body: { data: reading } });
    const { rerender } = render(<SingleValuePanel sensorId={7} range="prev_24_h" now={now} />, { wrapper });
    await settle();
    const panel = () => document.querySelector('.matnat-single-value-panel') as HTMLElement;
    const drawn = () => document.querySelector('svg.matnat-sparkline');
    // Dimmed by the panel's sheet while the panel is busy (happy-dom computes no sheet: the rule and its match).
    expect(panelStyles.css).toContain('.matnat-root [aria-busy=true] .matnat-sparkline{opacity:.4}');
    const dimmed = () => drawn()!.matches('.matnat-root [aria-busy=true] .matnat-sparkline');
    const path = drawn()?.querySelector('path')?.getAttribute('d');
    expect(path).toBeTruthy();
    expect(dimmed()).toBe(false);
    expect(panel().getAttribute('aria-busy')).toBe('false');

    hold();
    rerender(<SingleValuePanel sensorId={7} range="prev_3_h" now={now} />);
    await settle();
    // Between the new range and its answer: the old line, never a blank, shown as not current.
    expect(drawn()?.querySelector('path')?.getAttribute('d')).toBe(path);
    expect(dimmed()).toBe(true);
    expect(panel().getAttribute('aria-busy')).toBe('true');
    api.answer('/api/v1/sensor/7/measurements', {
      body: { data: { buckets: [0, 1, 2].map((i) => ({ t: T0 + i * 60_000, avg: 10 + i })) } },
    });
    release();
    await settle();
    expect(drawn()?.querySelector('path')?.getAttribute('d')).not.toBe(path);
    expect(dimmed()).toBe(false);
    expect(panel().getAttribute('aria-busy')).toBe('false');

    // Another sensor: none of this one's line, dimmed or not.
    api.answer('/api/v1/sensor/8/latest', { body: { data: { ...reading, sensor_id: 8 } } });
    hold();
    rerender(<SingleValuePanel sensorId={8} range="prev_3_h" now={now} />);
    await settle();
    expect(drawn()).toBeNull();
    release();
  });

  it('a reading pushed by the one stream replaces the value and keeps the unit', async () => {
    const { api, wrapper } = setup(reading);
    render(<SingleValuePanel sensorId={7} now={now} />, { wrapper });
    await settle();
    await api.streamOpened();
    api.push({ sensor_id: 7, value: 5.25, measured_at: new Date(T0 + 60_000).toISOString() });
    await settle();
    expect(screen.getByText('5,3')).toBeTruthy();
    expect(document.querySelector('.matnat-single-value__unit')?.textContent).toBe('\u00a0°C');
    expect(screen.getByText('Mätt för 2 minuter sedan')).toBeTruthy();
  });
});

describe('formatReading / formatAge', () => {
  it('Swedish number format: decimal comma, space-grouped thousands', () => {
    expect(formatReading(21.46)).toBe('21,5');
    expect(formatReading(-3)).toBe('−3');
    expect(formatReading(12345.6)).toBe('12\u00a0345,6');
  });

  it("age of a reading in Swedish words: 'för 3 minuter sedan'; under a minute 'nyss'", () => {
    const at = Date.UTC(2026, 0, 1, 12);
    expect(formatAge(at - 3 * 60_000, at)).toBe('för 3 minuter sedan');
    expect(formatAge(at - 20_000, at)).toBe('nyss');
    expect(formatAge(at, at)).toBe('nyss');
    expect(formatAge(at - 2 * 3_600_000, at)).toBe('för 2 timmar sedan');
    expect(formatAge(at - 3 * 86_400_000, at)).toBe('för 3 dagar sedan');
    expect(formatAge(at - 3 * 60_000, at, 'en-GB', 'just now')).toBe('3 minutes ago');
    expect(formatAge(at - 5_000, at, 'en-GB', 'just now')).toBe('just now');
  });
});
