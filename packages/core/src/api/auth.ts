import type { HttpClient } from '../http';
import { getData, postData } from './envelope';
import type {
  EmailVerifyQuery,
  InviteAcceptBody,
  InviteLookup,
  LoginBodyInput,
  Me,
  PasswordResetBody,
  RegisterBody,
} from './types';

/** Session and account calls: spec §7 (me, logout) and DESIGN §2 (login … invites). */
export function authApi(http: HttpClient) {
  return {
    /** GET /api/me: the current user. */
    me: (): Promise<Me> => getData(http, '/api/me'),
    /** POST /api/logout, no payload. */
    logout: (): Promise<void> => http.post<void>('/api/logout'),
    /** POST /api/login: 422 on bad credentials, 429 when throttled. */
    login: (credentials: LoginBodyInput): Promise<Me> => postData(http, '/api/login', credentials),
    /** POST /api/register {name, email, password, password_confirmation}. */
    register: (body: RegisterBody): Promise<Me> => postData(http, '/api/register', body),
    /** POST /api/email/verification-notification: resend the verification mail. */
    resendVerification: (): Promise<void> => http.post<void>('/api/email/verification-notification'),
    /** GET /api/email/verify/{id}/{hash}?expires=…&signature=… (the signed link's query). */
    verifyEmail: (id: number | string, hash: string, link: EmailVerifyQuery): Promise<unknown> =>
      http.get<unknown>(`/api/email/verify/${id}/${encodeURIComponent(hash)}`, { query: { ...link } }),
    /** POST /api/password/email {email}: same answer whether or not the address exists. */
    requestPasswordReset: (email: string): Promise<unknown> =>
      http.post<unknown>('/api/password/email', { email }),
    /** POST /api/password/reset {token, email, password, password_confirmation}. */
    resetPassword: (body: PasswordResetBody): Promise<unknown> =>
      http.post<unknown>('/api/password/reset', body),
    /** GET /api/invite/{token}: look up an invitation. */
    invitation: (token: string): Promise<InviteLookup> =>
      getData(http, `/api/invite/${encodeURIComponent(token)}`),
    /** POST /api/invite/{token} {name, password}: accept it. */
    acceptInvitation: (token: string, body: InviteAcceptBody): Promise<Me> =>
      postData(http, `/api/invite/${encodeURIComponent(token)}`, body),
  };
}
