import type { HttpClient } from '../http';
import { getData, patchData, postData } from './envelope';
import type { Dashboard, DashboardCreateBody, DashboardUpdateBody, Id, PanelOrderBody } from './types';

/** The panels with everything a dashboard draws: line-chart items and the single-value item. */
export const DASHBOARD_INCLUDE =
  'panels.lineChartItems.sensor,panels.lineChartItems.device.sensors,panels.singleValueItem.sensor,panels.singleValueItem.device.sensors';

export function dashboardsApi(http: HttpClient) {
  return {
    /** GET /api/v1/dashboard?include=user,panels&sort=title */
    list: (): Promise<Dashboard[]> => getData(http, '/api/v1/dashboard?include=user,panels&sort=title'),
    /** GET /api/v1/dashboard/{id}/?include=panels.lineChartItems…,panels.singleValueItem… */
    show: (id: Id): Promise<Dashboard> =>
      getData(http, `/api/v1/dashboard/${id}/?include=${DASHBOARD_INCLUDE}`),
    create: (body: DashboardCreateBody): Promise<Dashboard> => postData(http, '/api/v1/dashboard', body),
    update: (id: Id, body: DashboardUpdateBody): Promise<Dashboard> =>
      patchData(http, `/api/v1/dashboard/${id}`, body),
    remove: (id: Id): Promise<void> => http.delete<void>(`/api/v1/dashboard/${id}`),
    /** PATCH /api/v1/dashboard/{id}/panel with the panels in their new order. */
    orderPanels: (id: Id, body: PanelOrderBody): Promise<unknown> =>
      http.patch<unknown>(`/api/v1/dashboard/${id}/panel`, body),
  };
}
