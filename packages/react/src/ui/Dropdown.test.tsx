import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStrict } from '../testing/render';
import { Dropdown, type DropdownOption } from './Dropdown';

afterEach(cleanup);

const options: DropdownOption[] = [
  { value: 'name', title: 'Namn' },
  { value: 'date', title: 'Datum' },
  { value: 'temp', title: 'Temperatur' },
  { value: 'tid', title: 'Tid' },
];

function Controlled({ onChange, disabled }: { onChange?: (v: string) => void; disabled?: boolean }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <p>utanför</p>
      <Dropdown
        options={options}
        value={value}
        disabled={disabled}
        label="Sortera efter"
        onChange={(v) => {
          setValue(v);
          onChange?.(v);
        }}
      />
    </>
  );
}

const trigger = () => screen.getByRole('button', { name: /Sortera efter/ });
const listbox = () => screen.queryByRole('listbox');

describe('Dropdown (spec §2, §4)', () => {
  it("spec §2 Dropdown: the default placeholder is 'Sortera'", () => {
    renderStrict(<Dropdown options={options} />);
    expect(screen.getByRole('button').textContent).toBe('Sortera');
  });

  it('spec §2 Dropdown: options carry value and title; the selected title shows', () => {
    const onChange = vi.fn();
    renderStrict(<Controlled onChange={onChange} />);
    fireEvent.click(trigger());
    const option = screen.getByRole('option', { name: 'Datum' });
    fireEvent.click(option);
    expect(onChange).toHaveBeenCalledWith('date');
    expect(trigger().textContent).toBe('Datum');
  });

  it('spec §4 Dropdown: toggles on click', () => {
    renderStrict(<Controlled />);
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger());
    expect(listbox()).toBeTruthy();
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(trigger());
    expect(listbox()).toBeNull();
  });

  it('spec §4 Dropdown: closes on selection', () => {
    renderStrict(<Controlled />);
    fireEvent.click(trigger());
    fireEvent.click(screen.getByRole('option', { name: 'Tid' }));
    expect(listbox()).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it('spec §4 Dropdown: closes on a click outside', () => {
    renderStrict(<Controlled />);
    fireEvent.click(trigger());
    fireEvent.pointerDown(screen.getByRole('option', { name: 'Tid' }));
    expect(listbox()).toBeTruthy();
    fireEvent.pointerDown(screen.getByText('utanför'));
    expect(listbox()).toBeNull();
  });

  it('spec §4 Dropdown: does nothing when disabled', () => {
    const onChange = vi.fn();
    renderStrict(<Controlled disabled onChange={onChange} />);
    fireEvent.click(trigger());
    fireEvent.keyDown(trigger(), { key: 'ArrowDown' });
    expect(listbox()).toBeNull();
    expect((trigger() as HTMLButtonElement).disabled).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keyboard (WAI-ARIA listbox): ArrowDown opens and focuses the list, arrows move, Enter selects', () => {
    const onChange = vi.fn();
    renderStrict(<Controlled onChange={onChange} />);
    fireEvent.keyDown(trigger(), { key: 'ArrowDown' });
    const list = listbox()!;
    expect(document.activeElement).toBe(list);
    expect(list.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Namn' }).id);
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'ArrowUp' });
    expect(list.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Datum' }).id);
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('date');
    expect(listbox()).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it('keyboard: Home/End jump, Space selects, ArrowUp on the button opens at the selected option', () => {
    const onChange = vi.fn();
    renderStrict(<Controlled onChange={onChange} />);
    fireEvent.keyDown(trigger(), { key: 'ArrowUp' });
    const list = listbox()!;
    expect(list.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Tid' }).id);
    fireEvent.keyDown(list, { key: 'Home' });
    expect(list.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Namn' }).id);
    fireEvent.keyDown(list, { key: 'End' });
    fireEvent.keyDown(list, { key: ' ' });
    expect(onChange).toHaveBeenLastCalledWith('tid');
    fireEvent.keyDown(trigger(), { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: 'Tid' }).getAttribute('aria-selected')).toBe('true');
    expect(listbox()!.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'Tid' }).id,
    );
  });

  it('keyboard: Escape closes without selecting and returns focus; typing a letter jumps to a match', () => {
    const onChange = vi.fn();
    renderStrict(<Controlled onChange={onChange} />);
    fireEvent.click(trigger());
    const list = listbox()!;
    fireEvent.keyDown(list, { key: 't' });
    expect(list.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'Temperatur' }).id,
    );
    fireEvent.keyDown(list, { key: 't' });
    expect(list.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Tid' }).id);
    fireEvent.keyDown(list, { key: 'Escape' });
    expect(listbox()).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(trigger());
  });

  it('a11y: the button names its popup and the list is labelled', () => {
    renderStrict(<Controlled />);
    expect(trigger().getAttribute('aria-haspopup')).toBe('listbox');
    fireEvent.click(trigger());
    expect(trigger().getAttribute('aria-controls')).toBe(listbox()!.id);
    expect(screen.getByRole('listbox', { name: 'Sortera efter' })).toBeTruthy();
  });

  it('inside a shadow root (web components): a press inside keeps it open, a press on the page closes it', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const mount = document.createElement('div');
    shadow.append(mount);
    renderStrict(<Dropdown options={options} label="Sortera efter" />, { container: mount });
    const button = shadow.querySelector('button')!;
    fireEvent.click(button);
    const option = shadow.querySelector('[role="option"]')!;
    fireEvent.pointerDown(option, { composed: true });
    expect(shadow.querySelector('[role="listbox"]')).toBeTruthy();
    fireEvent.pointerDown(document.body);
    expect(shadow.querySelector('[role="listbox"]')).toBeNull();
    host.remove();
  });
});
