import type { HttpClient } from '../http';
import { type Envelope, unwrap } from './envelope';
import type { Dashboard, DashboardCreateBody, DashboardUpdateBody, Id, PanelOrderBody } from './types';

/** The panels with everything a dashboard draws: line-chart items and the single-value item. */
export const DASHBOARD_INCLUDE =
  'panels.lineChartItems.sensor,panels.lineChartItems.device.sensors,panels.singleValueItem.sensor,panels.singleValueItem.device.sensors';

export function dashboardsApi(http: HttpClient) {
  return {
    /** GET /api/v1/dashboard?include=user,panels&sort=title */
    list: (): Promise<Dashboard[]> =>
      unwrap(http.get<Envelope<Dashboard[]>>('/api/v1/dashboard?include=user,panels&sort=title')),
    /** GET /api/v1/dashboard/{id}/?include=panels.lineChartItems…,panels.singleValueItem… */
    show: (id: Id): Promise<Dashboard> =>
      unwrap(http.get<Envelope<Dashboard>>(`/api/v1/dashboard/${id}/?include=${DASHBOARD_INCLUDE}`)),
    create: (body: DashboardCreateBody): Promise<Dashboard> =>
      unwrap(http.post<Envelope<Dashboard>>('/api/v1/dashboard', body)),
    /** PATCH /api/v1/dashboard/{id}: the answer is the dashboard. */
    update: (id: Id, body: DashboardUpdateBody): Promise<Dashboard> =>
      unwrap(http.patch<Envelope<Dashboard>>(`/api/v1/dashboard/${id}`, body)),
    remove: (id: Id): Promise<void> => http.delete<void>(`/api/v1/dashboard/${id}`),
    /** PATCH /api/v1/dashboard/{id}/panel with the panels in their new order. */
    orderPanels: (id: Id, body: PanelOrderBody): Promise<unknown> =>
      http.patch<unknown>(`/api/v1/dashboard/${id}/panel`, body),
  };
}
