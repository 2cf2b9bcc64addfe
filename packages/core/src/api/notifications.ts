import type { HttpClient } from '../http';
import { type Envelope, unwrap } from './envelope';
import type { Id, Notification } from './types';

export function notificationsApi(http: HttpClient) {
  return {
    /** GET /api/v1/notification: the bell's notifications. */
    list: (): Promise<Notification[]> => unwrap(http.get<Envelope<Notification[]>>('/api/v1/notification')),
    /** POST /api/v1/notification/{id}/read */
    markRead: (id: Id): Promise<unknown> => http.post<unknown>(`/api/v1/notification/${id}/read`),
  };
}
