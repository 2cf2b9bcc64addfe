import type { HttpClient } from '../http';
import { getData } from './envelope';
import type { Id, Notification } from './types';

export function notificationsApi(http: HttpClient) {
  return {
    /** GET /api/v1/notification: the bell's notifications. */
    list: (): Promise<Notification[]> => getData(http, '/api/v1/notification'),
    /** POST /api/v1/notification/{id}/read */
    markRead: (id: Id): Promise<unknown> => http.post<unknown>(`/api/v1/notification/${id}/read`),
  };
}
