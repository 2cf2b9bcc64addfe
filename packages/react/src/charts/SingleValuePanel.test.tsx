import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeDataSource } from '../test/fakeDataSource';
import { formatAge, formatReading } from './format';
import { SingleValuePanel } from './SingleValuePanel';

describe('SingleValuePanel', () => {
  afterEach(cleanup);

  it('shows the value with its unit in the Swedish number format and the age of the reading', async () => {
    const { source } = fakeDataSource();
    render(<SingleValuePanel sensorId={7} dataSource={source} title="Energi" />);
    await act(async () => {});
    expect(screen.getByText('1 234,6').className).toBe('matnat-single-value__number');
    expect(screen.getByText(/°C/)).toBeTruthy();
    expect(screen.getByText('Mätt för 3 minuter sedan')).toBeTruthy();
  });

  it("a unit given by the host wins over the reading's unit", async () => {
    const { source } = fakeDataSource();
    render(<SingleValuePanel sensorId={7} dataSource={source} unit="kWh" />);
    await act(async () => {});
    expect(screen.getByText(/kWh/)).toBeTruthy();
  });

  it('says so when the sensor has no reading yet', async () => {
    const { source } = fakeDataSource({ latest: async () => null });
    render(<SingleValuePanel sensorId={7} dataSource={source} />);
    await act(async () => {});
    expect(screen.getByText('Inga mätvärden under perioden')).toBeTruthy();
  });
});

describe('formatReading / formatAge', () => {
  it('Swedish number format: decimal comma, space-grouped thousands', () => {
    expect(formatReading(21.46)).toBe('21,5');
    expect(formatReading(-3)).toBe('−3');
    expect(formatReading(12345.6)).toBe('12\u00a0345,6');
  });

  it("age of a reading in Swedish words: 'för 3 minuter sedan'", () => {
    const now = Date.UTC(2026, 0, 1, 12);
    expect(formatAge(now - 3 * 60_000, now)).toBe('för 3 minuter sedan');
    expect(formatAge(now - 20_000, now)).toBe('för 20 sekunder sedan');
    expect(formatAge(now - 2 * 3_600_000, now)).toBe('för 2 timmar sedan');
    expect(formatAge(now - 3 * 86_400_000, now)).toBe('för 3 dagar sedan');
    expect(formatAge(now - 3 * 60_000, now, 'en-GB')).toBe('3 minutes ago');
  });
});
