import type { HttpClient } from '../http';
import { type Envelope, unwrap } from './envelope';
import type { Alert, AlertCreateBodyInput, AlertUpdateBodyInput, Id } from './types';

export function alertsApi(http: HttpClient) {
  return {
    /** GET /api/v1/alert?include=conditionsCount&sort=name */
    list: (): Promise<Alert[]> =>
      unwrap(http.get<Envelope<Alert[]>>('/api/v1/alert?include=conditionsCount&sort=name')),
    /** GET /api/v1/alert/{id}?include=conditions */
    show: (id: Id): Promise<Alert> =>
      unwrap(http.get<Envelope<Alert>>(`/api/v1/alert/${id}?include=conditions`)),
    create: (body: AlertCreateBodyInput): Promise<Alert> =>
      unwrap(http.post<Envelope<Alert>>('/api/v1/alert', body)),
    update: (id: Id, body: AlertUpdateBodyInput): Promise<Alert> =>
      unwrap(http.patch<Envelope<Alert>>(`/api/v1/alert/${id}`, body)),
    remove: (id: Id): Promise<void> => http.delete<void>(`/api/v1/alert/${id}`),
  };
}
