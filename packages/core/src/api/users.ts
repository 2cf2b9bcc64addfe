import type { HttpClient } from '../http';
import { type Envelope, unwrap } from './envelope';
import type { Id, User } from './types';

export function usersApi(http: HttpClient) {
  return {
    /** GET /api/v1/user?include=teams&sort=name */
    list: () => unwrap(http.get<Envelope<User[]>>('/api/v1/user?include=teams&sort=name')),
    /** GET /api/v1/user/{id} */
    show: (id: Id) => unwrap(http.get<Envelope<User>>(`/api/v1/user/${id}`)),
    /** PATCH /api/user/{id} with one attribute/value pair. */
    updateAttribute: (id: Id, attribute: string, value: unknown) =>
      http.patch<unknown>(`/api/user/${id}`, { attribute, value }),
    /** POST /api/v1/user/{id}/impersonate: admins act as another user. */
    impersonate: (id: Id) => http.post<unknown>(`/api/v1/user/${id}/impersonate`),
    /** POST /api/v1/user/{user_id}/impersonate/revert, with the original user's user_id. */
    revertImpersonation: (userId: Id) => http.post<unknown>(`/api/v1/user/${userId}/impersonate/revert`),
  };
}
