import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MatnatProvider } from '../provider';
import { testClient, testToasts } from '../testing/fakeClient';
import { renderStrict } from '../testing/render';
import { Toast, ToastViewport } from './Toast';

afterEach(cleanup);

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

  it('ToastViewport renders the store’s toasts and the close button dismisses one', () => {
    const toasts = testToasts();
    renderStrict(
      <MatnatProvider client={testClient({ toasts })}>
        <ToastViewport />
      </MatnatProvider>,
    );
    act(() => {
      toasts.show({ message: 'Artiklen togs bort' });
      toasts.show({ title: 'Fel', message: 'Nätverket', success: false });
    });
    expect(screen.getByRole('status').textContent).toContain('Artiklen togs bort');
    expect(screen.getByRole('alert').textContent).toContain('Nätverket');
    fireEvent.click(screen.getAllByRole('button', { name: 'Stäng' })[0]!);
    expect(screen.queryByRole('status')).toBeNull();
    expect(toasts.getSnapshot().toasts).toHaveLength(1);
  });

  it('ToastViewport takes a store by prop and is a labelled region', () => {
    const toasts = testToasts();
    renderStrict(<ToastViewport store={toasts} />);
    expect(screen.getByRole('region', { name: 'Meddelanden' })).toBeTruthy();
    act(() => {
      toasts.show({ message: 'Klart' });
    });
    expect(screen.getByRole('status').textContent).toContain('Klart');
  });
});
