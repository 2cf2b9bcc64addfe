import { buildPath } from '@matnat/core';
import { useExternalStore } from '@matnat/react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { matnat } from '../matnat';

/** dashboard.index: the user's dashboards, sorted by title in Swedish collation (by the core's store). */
export default function DashboardIndex() {
  const state = useExternalStore(matnat.dashboards);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    matnat.dashboards.loadList().catch(() => setFailed(true));
  }, []);
  const list = state?.list ?? [];
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">Dashboards</h1>
      {failed && (
        <p role="alert" className="text-red-800">
          Dashboards kunde inte hämtas. Försök igen.
        </p>
      )}
      <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {list.map((dashboard) => (
          <li key={dashboard.id}>
            <Link
              to={buildPath('dashboard.show', { dashboard_id: dashboard.id })}
              className="block rounded-lg bg-white p-4 ring-1 ring-slate-200 hover:ring-teal-600"
            >
              <span className="block font-medium text-slate-900">{dashboard.title}</span>
              <span className="block text-sm text-slate-600">
                {dashboard.panels?.length ?? 0} {dashboard.panels?.length === 1 ? 'panel' : 'paneler'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
