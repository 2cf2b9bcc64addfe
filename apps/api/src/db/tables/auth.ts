import type { Generated } from 'kysely';

/**
 * Tables of people, teams, sessions and the auth flows. Booleans are 0/1 integers and instants ISO-8601
 * text, so one schema serves SQLite and PostgreSQL alike.
 */
export interface AuthTables {
  users: UsersTable;
  teams: TeamsTable;
  team_user: TeamUserTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  invites: InvitesTable;
  embed_tokens: EmbedTokensTable;
  audit_log: AuditLogTable;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  /** argon2id PHC string; null until an invited user sets a password. */
  password_hash: string | null;
  photo_url: string | null;
  is_admin: Generated<number>;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface TeamsTable {
  id: Generated<number>;
  name: string;
  created_at: string;
}

export interface TeamUserTable {
  team_id: number;
  user_id: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's session id: a leaked table does not leak sessions. */
  id: string;
  user_id: number | null;
  /** The admin acting as `user_id`. */
  impersonator_id: number | null;
  csrf_token: string;
  remember: Generated<number>;
  last_activity_at: string;
  expires_at: string;
  created_at: string;
}

export interface PasswordResetsTable {
  email: string;
  /** SHA-256 of the mailed token. */
  token_hash: string;
  created_at: string;
}

export interface InvitesTable {
  id: Generated<number>;
  email: string;
  user_id: number;
  team_id: number | null;
  invited_by: number | null;
  /** SHA-256 of the mailed token. */
  token_hash: string;
  expires_at: string;
  accepted_at: string | null;
  created_at: string;
}

export interface EmbedTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** SHA-256 of the token; the token itself is shown once, on creation. */
  token_hash: string;
  /** First characters of the token, to recognise it in lists. */
  token_prefix: string;
  /** JSON: { panels: number[], devices: number[], public_map: boolean }. */
  scopes: string;
  /** JSON array of origins such as "https://partner.example". */
  allowed_origins: string;
  /** Issue 26: 1 when the token's readers see exact device positions. */
  exact_positions: Generated<number>;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  subject_type: string | null;
  subject_id: number | null;
  /** JSON with the action's details. */
  details: string | null;
  ip: string | null;
  created_at: string;
}
