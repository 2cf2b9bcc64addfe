import { browserPlatform, createToasts } from '@matnat/core';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MatnatProvider } from '../provider';
import { testClient } from '../testing/fakeClient';
import { renderStrict } from '../testing/render';
import { Toast, ToastViewport } from './Toast';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Toast (spec §2, §4)', () => {
  it('spec §2 Toast: the success flag defaults to true (status role, no error icon)', () => {
    renderStrict(<Toast title="Sparat" />);
    expect(screen.getByRole('status').textContent).toContain('Sparat');
    expect(screen.queryByRole('img', { name: 'Fel' })).toBeNull();
  });

  it('spec §2 Toast: a failure shows an error icon and is announced as an alert', () => {
    renderStrict(<Toast title="Det gick inte" success={false} />);
    const alert = screen.getByRole('alert');
    expect(alert.className).toContain('matnat-toast--failure');
    expect(screen.getByRole('img', { name: 'Fel' })).toBeTruthy();
  });

  it('spec §4 Toast: closes earlier through its close button', () => {
    const onClose = vi.fn();
    renderStrict(<Toast title="Hej" onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Stäng' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ToastViewport renders the core toasts and the close button closes one early', async () => {
    const toasts = createToasts({ platform: browserPlatform() });
    renderStrict(
      <MatnatProvider client={testClient({ toasts })}>
        <ToastViewport />
      </MatnatProvider>,
    );
    await act(async () => {
      toasts.show({ message: 'Artiklen togs bort', timeout: 0 });
      toasts.show({ message: 'Nätverket', success: false, timeout: 0 });
    });
    expect(screen.getByRole('status').textContent).toContain('Artiklen togs bort');
    expect(screen.getByRole('alert').textContent).toContain('Nätverket');
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Stäng' })[0]!);
    });
    expect(screen.queryByRole('status')).toBeNull();
    expect(toasts.getSnapshot().toasts).toHaveLength(1);
  });

  it('spec §4 Toast: closes automatically after its timeout (3000 ms by default, overridable per toast)', async () => {
    vi.useFakeTimers();
    const toasts = createToasts({ platform: browserPlatform() });
    renderStrict(<ToastViewport store={toasts} />);
    expect(screen.getByRole('region', { name: 'Meddelanden' })).toBeTruthy();
    await act(async () => {
      toasts.show('Klart');
      toasts.show({ message: 'Längre', timeout: 5000 });
    });
    expect(screen.getAllByRole('status')).toHaveLength(2);
    await act(async () => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.getAllByRole('status')).toHaveLength(2);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Längre']);
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
