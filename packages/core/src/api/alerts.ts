import type { HttpClient } from '../http';
import { getData, patchData, postData } from './envelope';
import type {
  Alert,
  AlertCreateBodyInput,
  AlertStatus,
  AlertUpdateBodyInput,
  Id,
  WebhookDelivery,
} from './types';

export function alertsApi(http: HttpClient) {
  return {
    /** GET /api/v1/alert?include=conditionsCount&sort=name */
    list: (): Promise<Alert[]> => getData(http, '/api/v1/alert?include=conditionsCount&sort=name'),
    /** GET /api/v1/alert/{id}?include=conditions */
    show: (id: Id): Promise<Alert> => getData(http, `/api/v1/alert/${id}?include=conditions`),
    create: (body: AlertCreateBodyInput): Promise<Alert> => postData(http, '/api/v1/alert', body),
    update: (id: Id, body: AlertUpdateBodyInput): Promise<Alert> =>
      patchData(http, `/api/v1/alert/${id}`, body),
    remove: (id: Id): Promise<void> => http.delete<void>(`/api/v1/alert/${id}`),
    /** POST /api/v1/alert/{id}/acknowledge: every firing sensor of the alert, or the one named. */
    acknowledge: (id: Id, body: { comment?: string; sensor_id?: Id } = {}): Promise<AlertStatus> =>
      postData(http, `/api/v1/alert/${id}/acknowledge`, body),
    /** POST /api/v1/alert/{id}/mute: no notifications for `minutes` from now; 0 unmutes. */
    mute: (id: Id, minutes: number): Promise<Alert> =>
      postData(http, `/api/v1/alert/${id}/mute`, { minutes }),
    /** GET /api/v1/alert/{id}/deliveries: what the alert posted to its webhooks, newest first. */
    deliveries: (id: Id): Promise<WebhookDelivery[]> => getData(http, `/api/v1/alert/${id}/deliveries`),
  };
}
