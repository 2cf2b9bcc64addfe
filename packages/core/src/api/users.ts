import type { HttpClient } from '../http';
import { getData, patchData, postData } from './envelope';
import type { Id, Invite, InviteCreateBodyInput, User, UserAdminBody, UserAttributeBodyInput } from './types';

export function usersApi(http: HttpClient) {
  return {
    /** GET /api/v1/user?include=teams&sort=name */
    list: (): Promise<User[]> => getData(http, '/api/v1/user?include=teams&sort=name'),
    /** GET /api/v1/user/{id} */
    show: (id: Id): Promise<User> => getData(http, `/api/v1/user/${id}`),
    /** PATCH /api/user/{id} with one attribute/value pair (a password change adds current_password). */
    updateAttribute: (id: Id, body: UserAttributeBodyInput): Promise<unknown> =>
      http.patch<unknown>(`/api/user/${id}`, body),
    /** Admin: PATCH /api/v1/user/{id} {is_admin?, team_ids?}. */
    update: (id: Id, body: UserAdminBody): Promise<User> => patchData(http, `/api/v1/user/${id}`, body),
    /** Admin: POST /api/v1/invite: invite someone by e-mail. */
    invite: (body: InviteCreateBodyInput): Promise<Invite> => postData(http, '/api/v1/invite', body),
    /** POST /api/v1/user/{id}/impersonate: admins act as another user. */
    impersonate: (id: Id): Promise<unknown> => http.post<unknown>(`/api/v1/user/${id}/impersonate`),
    /** POST /api/v1/user/{user_id}/impersonate/revert, with the original user's user_id. */
    revertImpersonation: (userId: Id): Promise<unknown> =>
      http.post<unknown>(`/api/v1/user/${userId}/impersonate/revert`),
  };
}
