import { INTERVAL_SLUGS, RANGE_SLUGS } from '@matnat/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessagesProvider } from '../messages';
import { en } from '../messages/en';
import { TimeFilterSelect } from './TimeFilterSelect';

describe('TimeFilterSelect', () => {
  afterEach(cleanup);

  it('spec §3 time filter: lists every range slug and interval slug with its Swedish label', () => {
    render(
      <TimeFilterSelect value={{ range_slug: 'prev_5_days', interval_slug: '15_m' }} onChange={() => {}} />,
    );
    const ranges = within(screen.getByLabelText('Tidsperiod')).getAllByRole('option');
    const intervals = within(screen.getByLabelText('Uppdatering')).getAllByRole('option');
    expect(ranges.map((o) => (o as HTMLOptionElement).value)).toEqual([...RANGE_SLUGS]);
    expect(intervals.map((o) => (o as HTMLOptionElement).value)).toEqual([...INTERVAL_SLUGS]);
    expect(ranges.map((o) => o.textContent)).toEqual([
      'Senaste 3 timmarna',
      'Senaste 12 timmarna',
      'Senaste 24 timmarna',
      'Senaste 2 dagarna',
      'Senaste 5 dagarna',
      'Senaste 7 dagarna',
      'Senaste 10 dagarna',
      'Senaste 15 dagarna',
      'Senaste 30 dagarna',
      'Senaste 90 dagarna',
      'Senaste 6 månaderna',
      'Denna vecka',
      'Denna månad',
      'Detta år',
      'Förra veckan',
      'Förra månaden',
      'Förra året',
    ]);
    expect(intervals.map((o) => o.textContent)).toEqual([
      'Var 5:e sekund',
      'Var 30:e sekund',
      'Varje minut',
      'Var 5:e minut',
      'Var 15:e minut',
      'Var 30:e minut',
      'Varje timme',
      'Var 3:e timme',
      'Var 12:e timme',
    ]);
  });

  it('reports a change of either select with the other value kept', () => {
    const onChange = vi.fn();
    render(
      <TimeFilterSelect value={{ range_slug: 'prev_5_days', interval_slug: '15_m' }} onChange={onChange} />,
    );
    fireEvent.change(screen.getByLabelText('Tidsperiod'), { target: { value: 'this_month' } });
    expect(onChange).toHaveBeenLastCalledWith({ range_slug: 'this_month', interval_slug: '15_m' });
    fireEvent.change(screen.getByLabelText('Uppdatering'), { target: { value: '5_s' } });
    expect(onChange).toHaveBeenLastCalledWith({ range_slug: 'prev_5_days', interval_slug: '5_s' });
  });

  it('takes the English pack from the messages provider', () => {
    render(
      <MessagesProvider messages={en}>
        <TimeFilterSelect value={{ range_slug: 'prev_5_days', interval_slug: '15_m' }} onChange={() => {}} />
      </MessagesProvider>,
    );
    expect(screen.getByLabelText('Time range')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Last 5 days' })).toBeTruthy();
  });
});
