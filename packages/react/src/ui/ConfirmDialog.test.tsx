import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testStore } from '../testing/fakeClient';
import { renderStrict } from '../testing/render';
import { ConfirmDangerDialog, ConfirmSuccessDialog, type RouteChangeSource } from './ConfirmDialog';

afterEach(cleanup);

function Harness({
  kind,
  route,
  routeChanges,
  onConfirm = () => {},
  onCancel = () => {},
}: {
  kind: 'danger' | 'success';
  route?: string;
  routeChanges?: RouteChangeSource;
  onConfirm?: () => void;
  onCancel?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const Dialog = kind === 'danger' ? ConfirmDangerDialog : ConfirmSuccessDialog;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Öppna
      </button>
      <button type="button">Annan</button>
      <Dialog
        open={open}
        title="Ta bort dashboarden?"
        routeKey={route}
        routeChanges={routeChanges}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
        onCancel={() => {
          setOpen(false);
          onCancel();
        }}
      >
        Det går inte att ångra.
      </Dialog>
    </>
  );
}

const openDialog = () => fireEvent.click(screen.getByRole('button', { name: 'Öppna' }));

describe('Confirm dialogs (spec §2)', () => {
  it("spec §2 Confirm-danger dialog: default confirm button 'Ta bort', cancel button 'Avbryt'", () => {
    const onConfirm = vi.fn();
    renderStrict(<Harness kind="danger" onConfirm={onConfirm} />);
    openDialog();
    const dialog = screen.getByRole('alertdialog', { name: 'Ta bort dashboarden?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('button', { name: 'Avbryt' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ta bort' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("spec §2 Confirm-success dialog: 'Fortsätt' and 'Avbryt'", () => {
    const onCancel = vi.fn();
    renderStrict(<Harness kind="success" onCancel={onCancel} />);
    openDialog();
    expect(screen.getByRole('button', { name: 'Fortsätt' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Avbryt' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('texts can be overridden per dialog', () => {
    renderStrict(
      <ConfirmDangerDialog
        open
        title="T"
        confirmText="Radera"
        cancelText="Nej"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Radera' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nej' })).toBeTruthy();
  });

  it('spec §2: both dialogs cancel themselves when the route changes (routeKey)', () => {
    for (const kind of ['danger', 'success'] as const) {
      const onCancel = vi.fn();
      const { rerender } = renderStrict(<Harness kind={kind} route="/dashboard/1" onCancel={onCancel} />);
      rerender(<Harness kind={kind} route="/dashboard/1" onCancel={onCancel} />);
      expect(onCancel).not.toHaveBeenCalled();
      openDialog();
      rerender(<Harness kind={kind} route="/dashboard/2" onCancel={onCancel} />);
      expect(onCancel).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('alertdialog')).toBeNull();
      cleanup();
    }
  });

  it('spec §2: both dialogs cancel themselves when the route changes (a subscribed route source)', () => {
    const route = testStore('/a');
    const onCancel = vi.fn();
    renderStrict(<Harness kind="danger" routeChanges={route} onCancel={onCancel} />);
    route.set('/b');
    expect(onCancel).not.toHaveBeenCalled();
    openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Annan' }));
    route.set('/c');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('spec §2: the dialogs cancel themselves when a router store moves to another route', () => {
    const location = testStore({ pathname: '/produkter' });
    const onCancel = vi.fn();
    renderStrict(<Harness kind="success" routeChanges={location} onCancel={onCancel} />);
    openDialog();
    act(() => location.set({ pathname: '/temperaturspjut' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a route change while closed does not cancel', () => {
    const onCancel = vi.fn();
    const { rerender } = renderStrict(<Harness kind="danger" route="/a" onCancel={onCancel} />);
    rerender(<Harness kind="danger" route="/b" onCancel={onCancel} />);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('Escape cancels', () => {
    const onCancel = vi.fn();
    renderStrict(<Harness kind="danger" onCancel={onCancel} />);
    openDialog();
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('focus moves in (cancel first in a danger dialog), is trapped on Tab, and returns to the opener', () => {
    renderStrict(<Harness kind="danger" />);
    const opener = screen.getByRole('button', { name: 'Öppna' });
    opener.focus();
    openDialog();
    const cancel = screen.getByRole('button', { name: 'Avbryt' });
    const confirm = screen.getByRole('button', { name: 'Ta bort' });
    expect(document.activeElement).toBe(cancel);
    confirm.focus();
    fireEvent.keyDown(confirm, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
    fireEvent.keyDown(confirm, { key: 'Escape' });
    expect(document.activeElement).toBe(opener);
  });

  it('a success dialog focuses its confirm button first', () => {
    renderStrict(<Harness kind="success" />);
    openDialog();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fortsätt' }));
  });

  it('the body describes the dialog', () => {
    renderStrict(<Harness kind="danger" />);
    openDialog();
    const dialog = screen.getByRole('alertdialog');
    const body = document.getElementById(dialog.getAttribute('aria-describedby')!);
    expect(body?.textContent).toBe('Det går inte att ångra.');
  });
});
