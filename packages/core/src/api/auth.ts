import type { HttpClient } from '../http';
import { type Envelope, unwrap } from './envelope';
import type { Body, User } from './types';

export interface Credentials {
  email: string;
  password: string;
  remember?: boolean;
}

/** The query of a signed e-mail verification link. */
export interface SignedLink {
  expires: string | number;
  signature: string;
}

/** Session and account calls: spec §7 (me, logout) and DESIGN §2 (login … invites). */
export function authApi(http: HttpClient) {
  return {
    /** GET /api/me: the current user. */
    me: () => unwrap(http.get<Envelope<User>>('/api/me')),
    /** POST /api/logout, no payload. */
    logout: () => http.post<void>('/api/logout'),
    /** POST /api/login: 422 on bad credentials, 429 when throttled. */
    login: (credentials: Credentials) => unwrap(http.post<Envelope<User>>('/api/login', credentials)),
    /** POST /api/register {name, email, password, password_confirmation}. */
    register: (body: Body) => unwrap(http.post<Envelope<User>>('/api/register', body)),
    /** POST /api/email/verification-notification: resend the verification mail. */
    resendVerification: () => http.post<void>('/api/email/verification-notification'),
    /** GET /api/email/verify/{id}/{hash}?expires=…&signature=… (the signed link's query). */
    verifyEmail: (id: number | string, hash: string, link: SignedLink) =>
      http.get<unknown>(`/api/email/verify/${id}/${encodeURIComponent(hash)}`, { query: { ...link } }),
    /** POST /api/password/email {email}: same answer whether or not the address exists. */
    requestPasswordReset: (email: string) => http.post<unknown>('/api/password/email', { email }),
    /** POST /api/password/reset {token, email, password, password_confirmation}. */
    resetPassword: (body: Body) => http.post<unknown>('/api/password/reset', body),
    /** GET /api/invite/{token}: look up an invitation. */
    invitation: (token: string) =>
      unwrap(http.get<Envelope<unknown>>(`/api/invite/${encodeURIComponent(token)}`)),
    /** POST /api/invite/{token} {name, password}: accept it. */
    acceptInvitation: (token: string, body: Body) =>
      unwrap(http.post<Envelope<User>>(`/api/invite/${encodeURIComponent(token)}`, body)),
  };
}
