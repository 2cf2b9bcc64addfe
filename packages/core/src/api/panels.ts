import type { HttpClient } from '../http';
import { getData, patchData, postData } from './envelope';
import type { Id, Panel, PanelCreateBodyInput, PanelUpdateBodyInput } from './types';

export const PANEL_INCLUDE =
  'lineChartItems.device.sensors,lineChartItems.sensor,singleValueItem,device,sensor';

export function panelsApi(http: HttpClient) {
  return {
    /** GET /api/v1/panel/{id}/?include=lineChartItems.device.sensors,lineChartItems.sensor,singleValueItem,device,sensor */
    show: (id: Id): Promise<Panel> => getData(http, `/api/v1/panel/${id}/?include=${PANEL_INCLUDE}`),
    create: (body: PanelCreateBodyInput): Promise<Panel> => postData(http, '/api/v1/panel', body),
    update: (id: Id, body: PanelUpdateBodyInput): Promise<Panel> =>
      patchData(http, `/api/v1/panel/${id}`, body),
    remove: (id: Id): Promise<void> => http.delete<void>(`/api/v1/panel/${id}`),
  };
}
