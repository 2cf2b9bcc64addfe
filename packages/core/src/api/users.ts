import type { HttpClient } from '../http';
import { type Envelope, unwrap } from './envelope';
import type { Id, Invite, InviteCreateBodyInput, User, UserAdminBody, UserAttributeBodyInput } from './types';

export function usersApi(http: HttpClient) {
  return {
    /** GET /api/v1/user?include=teams&sort=name */
    list: () => unwrap(http.get<Envelope<User[]>>('/api/v1/user?include=teams&sort=name')),
    /** GET /api/v1/user/{id} */
    show: (id: Id) => unwrap(http.get<Envelope<User>>(`/api/v1/user/${id}`)),
    /** PATCH /api/user/{id} with one attribute/value pair (a password change adds current_password). */
    updateAttribute: (id: Id, body: UserAttributeBodyInput) => http.patch<unknown>(`/api/user/${id}`, body),
    /** Admin: PATCH /api/v1/user/{id} {is_admin?, team_ids?}. */
    update: (id: Id, body: UserAdminBody) => unwrap(http.patch<Envelope<User>>(`/api/v1/user/${id}`, body)),
    /** Admin: POST /api/v1/invite: invite someone by e-mail. */
    invite: (body: InviteCreateBodyInput) => unwrap(http.post<Envelope<Invite>>('/api/v1/invite', body)),
    /** POST /api/v1/user/{id}/impersonate: admins act as another user. */
    impersonate: (id: Id) => http.post<unknown>(`/api/v1/user/${id}/impersonate`),
    /** POST /api/v1/user/{user_id}/impersonate/revert, with the original user's user_id. */
    revertImpersonation: (userId: Id) => http.post<unknown>(`/api/v1/user/${userId}/impersonate/revert`),
  };
}
