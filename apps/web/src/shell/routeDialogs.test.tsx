import { ConfirmDangerDialog, ConfirmSuccessDialog, MatnatProvider } from '@matnat/react';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';

const client = { session: undefined } as never;

/** A screen with a dialog wired as the app's screens wire it: `routeKey` is the router's location key. */
function Screen({ tone, cancelled }: { tone: 'danger' | 'success'; cancelled: string[] }) {
  const location = useLocation();
  const [open, setOpen] = useState(true);
  const Dialog = tone === 'danger' ? ConfirmDangerDialog : ConfirmSuccessDialog;
  return (
    <Dialog
      open={open}
      title="Ta bort dashboarden?"
      onConfirm={() => setOpen(false)}
      onCancel={() => {
        cancelled.push(location.pathname);
        setOpen(false);
      }}
      routeKey={location.key}
    />
  );
}

describe('dialogs on a route change', () => {
  it.each(['danger', 'success'] as const)(
    'spec §2: an open confirm-%s dialog cancels when the route changes',
    async (tone) => {
      const cancelled: string[] = [];
      const router = createMemoryRouter(
        [{ path: '*', element: <Screen tone={tone} cancelled={cancelled} /> }],
        { initialEntries: ['/dashboard'] },
      );
      render(
        <MatnatProvider client={client}>
          <RouterProvider router={router} />
        </MatnatProvider>,
      );
      expect(screen.getByRole('alertdialog', { name: 'Ta bort dashboarden?' })).toBeDefined();
      await act(() => router.navigate('/alert'));
      expect(cancelled).toHaveLength(1);
      expect(screen.queryByRole('alertdialog')).toBeNull();
    },
  );
});
