import type { HttpClient } from '../http';
import { type Envelope, unwrap } from './envelope';
import type { Id, Panel, PanelCreateBodyInput, PanelUpdateBodyInput } from './types';

export const PANEL_INCLUDE =
  'lineChartItems.device.sensors,lineChartItems.sensor,singleValueItem,device,sensor';

export function panelsApi(http: HttpClient) {
  return {
    /** GET /api/v1/panel/{id}/?include=lineChartItems.device.sensors,lineChartItems.sensor,singleValueItem,device,sensor */
    show: (id: Id): Promise<Panel> =>
      unwrap(http.get<Envelope<Panel>>(`/api/v1/panel/${id}/?include=${PANEL_INCLUDE}`)),
    create: (body: PanelCreateBodyInput): Promise<Panel> =>
      unwrap(http.post<Envelope<Panel>>('/api/v1/panel', body)),
    update: (id: Id, body: PanelUpdateBodyInput): Promise<Panel> =>
      unwrap(http.patch<Envelope<Panel>>(`/api/v1/panel/${id}`, body)),
    remove: (id: Id): Promise<void> => http.delete<void>(`/api/v1/panel/${id}`),
  };
}
