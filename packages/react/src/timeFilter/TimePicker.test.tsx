import { FROM_BEFORE_TO, RANGE_SLUGS, RANGE_TOO_LONG } from '@matnat/contract/plain';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessagesProvider } from '../messages';
import { en } from '../messages/en';
import type { TimeFilterValue } from './TimeFilterSelect';
import { TimePicker } from './TimePicker';

const value: TimeFilterValue = { range_slug: 'prev_24_h', interval_slug: '5_m' };
const button = () => screen.getByRole('button', { name: /^Tidsperiod/ });

function openPicker(onChange = vi.fn(), shown: TimeFilterValue = value) {
  render(<TimePicker value={shown} onChange={onChange} />);
  fireEvent.click(button());
  return { onChange, dialog: screen.getByRole('dialog', { name: 'Tidsperiod' }) };
}

describe('TimePicker (issue 21 point 4)', () => {
  afterEach(cleanup);

  it('is one button naming the range and the refresh interval, closed until pressed', () => {
    render(<TimePicker value={value} onChange={() => {}} />);
    expect(button().textContent).toBe('Tidsperiod: Senaste 24 timmarna, Uppdatering: Var 5:e minut');
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the 17 presets with the current one pressed and focused; a preset is chosen, closes, focus returns', () => {
    const { onChange, dialog } = openPicker();
    expect(button().getAttribute('aria-expanded')).toBe('true');
    const presets = within(dialog).getAllByRole('button', { pressed: false });
    const current = within(dialog).getByRole('button', { pressed: true });
    expect(presets.filter((b) => b.className.includes('preset')).length + 1).toBe(RANGE_SLUGS.length);
    expect(current.textContent).toBe('Senaste 24 timmarna');
    expect(document.activeElement).toBe(current);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Förra månaden' }));
    expect(onChange).toHaveBeenCalledWith({ range_slug: 'prev_month', interval_slug: '5_m' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button());
  });

  it('Escape closes it without a change and gives focus back to the button', () => {
    const { onChange, dialog } = openPicker();
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Denna vecka' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a custom range från–till is read in Stockholm time and reported as ISO instants', () => {
    const { onChange, dialog } = openPicker();
    fireEvent.change(within(dialog).getByLabelText('Från'), { target: { value: '2026-11-01T08:00' } });
    fireEvent.change(within(dialog).getByLabelText('Till'), { target: { value: '2026-11-03T18:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Visa perioden' }));
    expect(onChange).toHaveBeenCalledWith({
      range_slug: 'custom',
      from: '2026-11-01T07:00:00.000Z',
      to: '2026-11-03T17:30:00.000Z',
      interval_slug: '5_m',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a custom range that breaks the contract’s rule shows its Swedish message under the field, and changes nothing', () => {
    const { onChange, dialog } = openPicker();
    const from = within(dialog).getByLabelText('Från');
    const to = within(dialog).getByLabelText('Till');
    fireEvent.change(from, { target: { value: '2026-11-03T08:00' } });
    fireEvent.change(to, { target: { value: '2026-11-01T08:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Visa perioden' }));
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(to.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      FROM_BEFORE_TO,
    );
    fireEvent.change(from, { target: { value: '2024-01-01T08:00' } });
    fireEvent.change(to, { target: { value: '2026-01-01T08:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Visa perioden' }));
    expect(within(dialog).getByText(RANGE_TOO_LONG)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a custom range shows as its ends on the button, and the form starts from them', () => {
    const custom: TimeFilterValue = {
      range_slug: 'custom',
      from: '2026-11-01T07:00:00.000Z',
      to: '2026-11-03T17:30:00.000Z',
      interval_slug: '1_h',
    };
    const { dialog } = openPicker(vi.fn(), custom);
    expect(button().textContent).toContain('2026-11-01 08:00 – 2026-11-03 18:30');
    expect((within(dialog).getByLabelText('Från') as HTMLInputElement).value).toBe('2026-11-01T08:00');
    expect((within(dialog).getByLabelText('Till') as HTMLInputElement).value).toBe('2026-11-03T18:30');
  });

  it('the refresh interval changes at once and keeps the range', () => {
    const { onChange, dialog } = openPicker();
    fireEvent.change(within(dialog).getByLabelText('Uppdatering'), { target: { value: '30_s' } });
    expect(onChange).toHaveBeenCalledWith({ range_slug: 'prev_24_h', interval_slug: '30_s' });
  });

  it('takes the English pack from the messages provider', () => {
    render(
      <MessagesProvider messages={en}>
        <TimePicker value={value} onChange={() => {}} />
      </MessagesProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Time range/ }));
    expect(screen.getByRole('button', { name: 'Last 24 hours' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show range' })).toBeTruthy();
  });
});
