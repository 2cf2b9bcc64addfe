import type { Dashboard, RouteName } from '@matnat/core';
import { matnat } from '../matnat';
import type { Prefetch } from './routes';

/** What dashboard.show's loader hands its screen: the dashboard, already on its way. */
export interface DashboardPrefetch {
  dashboard: Promise<Dashboard>;
}

/** Valid dashboard ids only; the screen sends anything else to the 404 page itself. */
const dashboardId = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The routes whose data is asked for beside their screen's chunk (`AppRouteOptions.prefetch`). */
export const PREFETCH: Partial<Record<RouteName, Prefetch>> = {
  'dashboard.show': ({ dashboard_id }): DashboardPrefetch | null => {
    const id = dashboardId(dashboard_id);
    if (id === null) return null;
    const dashboard = matnat.dashboards.load(id);
    // The screen handles the failure (404 page or an error); an unobserved rejection must not reach the console.
    dashboard.catch(() => undefined);
    return { dashboard };
  },
};
