import { buildPath, isClientError } from '@matnat/core';
import { useQuery } from '@matnat/react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { matnat } from '../matnat';
import { idParam } from '../routing/loaders';
import { PanelForm } from '../shell/PanelForm';
import { usePageTitle } from '../shell/usePageTitle';

/**
 * panel.edit: the panel's form filled in. A single value, or a line chart of one sensor, opens the simple
 * form; a line chart of several sensors the advanced one. The type does not change (the contract's
 * PanelUpdateBody). A panel the user may not see, or that does not exist, is the 404 page.
 */
export default function PanelEdit() {
  const id = idParam(useParams().panel_id);
  const navigate = useNavigate();
  const query = useQuery({ ...matnat.queries.panel(id ?? 0), enabled: id !== null });
  const notFound = id === null || (query.isError && isClientError(query.error));
  const failed = query.isError && !notFound;
  useEffect(() => {
    if (notFound) navigate(buildPath('notFound'), { replace: true });
  }, [notFound, navigate]);
  const panel = query.data ?? null;
  usePageTitle(panel?.title?.trim() ? `Redigera ${panel.title.trim()}` : null);
  const advanced = panel?.type === 'line_chart' && (panel.lineChartItems?.length ?? 0) > 1;
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-semibold text-slate-900">Redigera panel</h1>
      {failed && (
        <p role="alert" className="text-red-800">
          Panelen kunde inte hämtas. Försök igen.
        </p>
      )}
      {!failed && !panel && <p className="text-slate-700">Laddar…</p>}
      {panel && (
        <PanelForm
          key={panel.id}
          mode={advanced ? 'advanced' : 'simple'}
          dashboardId={panel.dashboard_id}
          panel={panel}
        />
      )}
    </section>
  );
}
