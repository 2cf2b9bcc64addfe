import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { settle, T0, testCoreClient, widgetApi, withClient } from '../testing/widgetApi';
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

  it("a unit given by the host wins over the reading's unit", async () => {
    const { wrapper } = setup(reading);
    render(<SingleValuePanel sensorId={7} unit="kWh" now={now} />, { wrapper });
    await settle();
    expect(screen.getByText(/kWh/)).toBeTruthy();
  });

  it('says so when the sensor has no reading yet', async () => {
    const { wrapper } = setup(null);
    render(<SingleValuePanel sensorId={7} />, { wrapper });
    await settle();
    expect(screen.getByText('Inga mätvärden under perioden')).toBeTruthy();
  });

  it('a reading pushed by the one stream replaces the value and keeps the unit', async () => {
    const { api, wrapper } = setup(reading);
    render(<SingleValuePanel sensorId={7} now={now} />, { wrapper });
    await settle();
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
