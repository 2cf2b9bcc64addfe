import { buildPath, type Dashboard, type Snapshot } from '@matnat/core';
import { Button, ConfirmDangerDialog, useQuery } from '@matnat/react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { matnat } from '../matnat';
import { useFormSubmit } from '../shell/useFormSubmit';
import { FleetOverview } from './FleetOverview';

type Board = Snapshot<Dashboard>;

function panelCount(board: Board): string {
  const count = board.panels?.length ?? 0;
  return `${count} ${count === 1 ? 'panel' : 'paneler'}`;
}

/** A star that marks the dashboard as a favourite (PATCH is_favorite); pressed when it is one. */
function FavouriteToggle({ board }: { board: Board }) {
  const action = useFormSubmit();
  const toggle = () =>
    action.run(() => matnat.mutations.dashboards.update(board.id, { is_favorite: !board.is_favorite }), {
      failed: 'Favoriten kunde inte sparas.',
    });
  return (
    <button
      type="button"
      aria-pressed={board.is_favorite}
      aria-label={`Favorit: ${board.title}`}
      disabled={action.busy}
      onClick={toggle}
      className="rounded-md p-2 text-2xl leading-none text-amber-700 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-teal-700"
    >
      <span aria-hidden="true">{board.is_favorite ? '★' : '☆'}</span>
    </button>
  );
}

function DashboardCard({ board, onRemove }: { board: Board; onRemove: () => void }) {
  return (
    <li className="flex items-center gap-2 rounded-lg bg-white p-3 ring-1 ring-slate-200">
      <FavouriteToggle board={board} />
      <Link
        to={buildPath('dashboard.show', { dashboard_id: board.id })}
        className="min-w-0 flex-1 rounded-md p-1 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-teal-700"
      >
        <span className="block truncate font-medium text-slate-900">{board.title}</span>
        <span className="block text-sm text-slate-600">{panelCount(board)}</span>
      </Link>
      <Button variant="remove" aria-label={`Ta bort ${board.title}`} onClick={onRemove} />
    </li>
  );
}

/**
 * dashboard.index: the fleet overview (issue 21), then the user's dashboards sorted by title in Swedish
 * collation (the core's query), a
 * favourite toggle, a link to dashboard.form, and delete behind the confirm-danger dialog; the core removes
 * the row 500 ms after the server replied and shows 'Dashboarden har tagits bort'.
 */
export default function DashboardIndex() {
  const dashboards = useQuery(matnat.queries.dashboards());
  const location = useLocation();
  const [removing, setRemoving] = useState<Board | null>(null);
  const failed = dashboards.isError;
  const list = dashboards.data ?? [];

  const confirmRemove = () => {
    const board = removing;
    setRemoving(null);
    if (!board) return;
    matnat.mutations.dashboards
      .remove(board.id)
      .catch(() => matnat.toasts.show({ message: 'Dashboarden kunde inte tas bort.', success: false }));
  };

  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Dashboards</h1>
        <Link
          to={buildPath('dashboard.form')}
          className="rounded-md bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
        >
          Ny dashboard
        </Link>
      </div>
      <FleetOverview />
      <h2 className="mb-2 text-lg font-semibold text-slate-900">Dina dashboards</h2>
      {failed && (
        <p role="alert" className="text-red-800">
          Dashboards kunde inte hämtas. Försök igen.
        </p>
      )}
      {dashboards.isSuccess && list.length === 0 && (
        <p className="text-slate-700">Du har inga dashboards än. Skapa din första med ”Ny dashboard”.</p>
      )}
      <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {list.map((board) => (
          <DashboardCard key={board.id} board={board} onRemove={() => setRemoving(board)} />
        ))}
      </ul>
      <ConfirmDangerDialog
        open={removing !== null}
        title={`Ta bort ${removing?.title ?? 'dashboarden'}?`}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
        routeKey={location.pathname}
      >
        Dashboarden och alla dess paneler tas bort. Det går inte att ångra.
      </ConfirmDangerDialog>
    </section>
  );
}
