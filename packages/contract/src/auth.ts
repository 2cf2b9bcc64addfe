import { z } from 'zod';
import { Id, IdParam, Timestamp } from './common';
import { body, boolean, email, idList, password, text } from './fields';
import { fieldLabels as L, validationMessages as M } from './messages';

const confirmed = <Body extends { password: string; password_confirmation: string }>(value: Body) =>
  value.password === value.password_confirmation;
const confirmationIssue = { error: M.passwordsDiffer, path: ['password_confirmation'] };

const passwordConfirmation = z.string({ error: M.required(L.password_confirmation) });

/** `POST /api/login` → `{ data: Me }`; 422 on bad credentials, throttled. */
export const LoginBody = body({
  email: email(),
  password: z.string({ error: M.required(L.password) }).min(1, { error: M.required(L.password) }),
  remember: boolean(L.remember).default(false),
});
export type LoginBody = z.infer<typeof LoginBody>;
export type LoginBodyInput = z.input<typeof LoginBody>;

/** `POST /api/register`. */
export const RegisterBody = body({
  name: text(L.name),
  email: email(),
  password: password(),
  password_confirmation: passwordConfirmation,
}).refine(confirmed, confirmationIssue);
export type RegisterBody = z.infer<typeof RegisterBody>;

/** `POST /api/password/email`: answered the same whether or not the address exists. */
export const PasswordEmailBody = body({ email: email() });
export type PasswordEmailBody = z.infer<typeof PasswordEmailBody>;

/** `POST /api/password/reset`: the token of the mailed link is single-use and valid 60 minutes. */
export const PasswordResetBody = body({
  token: text(L.token),
  email: email(),
  password: password(),
  password_confirmation: passwordConfirmation,
}).refine(confirmed, confirmationIssue);
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

/** Query of the signed link `GET /api/email/verify/{id}/{hash}`, valid 60 minutes. */
export const EmailVerifyQuery = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
export type EmailVerifyQuery = z.infer<typeof EmailVerifyQuery>;

export const EmailVerifyParams = z.object({ id: IdParam, hash: z.string().regex(/^[0-9a-f]{40,64}$/) });
export type EmailVerifyParams = z.infer<typeof EmailVerifyParams>;

/** Admin: invite someone by e-mail (`POST /api/v1/invite`). */
export const InviteCreateBody = body({
  email: email(),
  name: text(L.name).optional(),
  is_admin: boolean(L.is_admin).default(false),
  team_ids: idList(L.team_ids).default([]),
});
export type InviteCreateBody = z.infer<typeof InviteCreateBody>;
export type InviteCreateBodyInput = z.input<typeof InviteCreateBody>;

export const Invite = z.object({
  id: Id,
  email: z.string(),
  name: z.string().nullable(),
  expires_at: Timestamp,
  accepted_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export type Invite = z.infer<typeof Invite>;

/** `GET /api/invite/{token}`: what the invite form shows. */
export const InviteLookup = z.object({
  email: z.string(),
  name: z.string().nullable(),
  expires_at: Timestamp,
});
export type InviteLookup = z.infer<typeof InviteLookup>;

/** `POST /api/invite/{token}`: accept the invite, setting a name and password → `{ data: Me }`. */
export const InviteAcceptBody = body({
  name: text(L.name),
  password: password(),
  password_confirmation: passwordConfirmation,
}).refine(confirmed, confirmationIssue);
export type InviteAcceptBody = z.infer<typeof InviteAcceptBody>;
