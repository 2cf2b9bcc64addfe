import { z } from 'zod';
import { Id, Timestamp, timestamps } from './common';
import { body, boolean, email, idList, password, photoUrl, text } from './fields';
import { fieldLabels as L, validationMessages as M } from './messages';
import { Team } from './team';

/** Spec §3 User. `teams` is present only when included. */
export const User = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  photo_url: z.string().nullable(),
  initials: z.string(),
  is_admin: z.boolean(),
  has_set_password: z.boolean(),
  email_verified_at: Timestamp.nullable(),
  ...timestamps,
  teams: z.array(Team).optional(),
});
export type User = z.infer<typeof User>;

/** Spec §3 "During impersonation the original user's user_id and name are also used". */
export const Impersonator = z.object({ user_id: Id, name: z.string() });
export type Impersonator = z.infer<typeof Impersonator>;

/** `GET /api/me`: the current user, plus who is impersonating them (null when nobody is). */
export const Me = User.extend({ impersonator: Impersonator.nullable() });
export type Me = z.infer<typeof Me>;

/**
 * `PATCH /api/user/{id}`: one attribute/value pair (spec §7). Changing one's own password or e-mail needs
 * `current_password` once a password is set; the server checks that, as only it knows `has_set_password`.
 */
const currentPassword = z.string({ error: M.string(L.current_password) }).optional();

export const UserAttributeBody = z.discriminatedUnion(
  'attribute',
  [
    body({ attribute: z.literal('name'), value: text(L.name) }),
    body({ attribute: z.literal('email'), value: email(), current_password: currentPassword }),
    body({ attribute: z.literal('photo_url'), value: photoUrl(L.photo_url).nullable() }),
    body({
      attribute: z.literal('password'),
      value: password(),
      current_password: currentPassword,
    }),
  ],
  {
    error: (issue) => (issue.code === 'invalid_union' ? M.attribute : M.body),
  },
);
export type UserAttributeBody = z.infer<typeof UserAttributeBody>;
export type UserAttributeBodyInput = z.input<typeof UserAttributeBody>;

/** Admin: change a user's role or teams (`PATCH /api/v1/user/{id}`). */
export const UserAdminBody = body({
  is_admin: boolean(L.is_admin).optional(),
  team_ids: idList(L.team_ids).optional(),
});
export type UserAdminBody = z.infer<typeof UserAdminBody>;
