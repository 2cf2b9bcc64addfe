import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { currentUser } from './guards.js';
import { userTeamIds } from './teams.js';

/** Who is asking, as far as team scoping is concerned. Admins see and change everything. */
export interface Viewer {
  id: number;
  isAdmin: boolean;
  teamIds: number[];
}

/** The signed-in user without their teams, for resources owned by a user rather than a team. */
export function requireOwner(request: FastifyRequest): Owner {
  const user = currentUser(request);
  return { id: user.id, isAdmin: user.is_admin === 1 };
}

export type Owner = Pick<Viewer, 'id' | 'isAdmin'>;

/** The signed-in user with their teams (401 for guests). */
export async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const user = currentUser(request);
  const isAdmin = user.is_admin === 1;
  return { id: user.id, isAdmin, teamIds: isAdmin ? [] : await userTeamIds(request.server.db, user.id) };
}

/** Ids among `deviceIds` that the viewer may see: devices of one of their teams (admins: all). */
export async function visibleDeviceIds(
  db: Kysely<DB>,
  viewer: Viewer,
  deviceIds: readonly number[],
): Promise<Set<number>> {
  const unique = [...new Set(deviceIds)];
  if (unique.length === 0) return new Set();
  if (viewer.isAdmin) {
    const rows = await db.selectFrom('devices').select('id').where('id', 'in', unique).execute();
    return new Set(rows.map((r) => r.id));
  }
  if (viewer.teamIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('device_team')
    .select('device_id')
    .where('device_id', 'in', unique)
    .where('team_id', 'in', viewer.teamIds)
    .execute();
  return new Set(rows.map((r) => r.device_id));
}

/**
 * The devices among `deviceIds` that each dashboard's owner may see now, by dashboard id: a panel shows a
 * device only while the owner of its dashboard may read it (issue 24: a device moved to another team
 * leaves its old team's panels and their embed tokens). A fixed number of queries for any number of
 * dashboards.
 */
export async function visibleToOwners(
  db: Kysely<DB>,
  dashboardIds: readonly number[],
  deviceIds: readonly number[],
): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>();
  const dashboards = [...new Set(dashboardIds)];
  const devices = [...new Set(deviceIds)];
  if (dashboards.length === 0) return out;
  const owners = await db
    .selectFrom('dashboards')
    .innerJoin('users', 'users.id', 'dashboards.user_id')
    .leftJoin('team_user', 'team_user.user_id', 'users.id')
    .select(['dashboards.id', 'users.is_admin', 'team_user.team_id'])
    .where('dashboards.id', 'in', dashboards)
    .execute();
  const teamsOf = new Map<number, Set<number>>();
  const admins = new Set<number>();
  for (const o of owners) {
    if (o.is_admin === 1) admins.add(o.id);
    const teams = teamsOf.get(o.id) ?? new Set<number>();
    if (o.team_id !== null) teams.add(o.team_id);
    teamsOf.set(o.id, teams);
  }
  const allTeams = [...new Set(owners.flatMap((o) => (o.team_id === null ? [] : [o.team_id])))];
  const links =
    devices.length > 0 && allTeams.length > 0
      ? await db
          .selectFrom('device_team')
          .select(['device_id', 'team_id'])
          .where('device_id', 'in', devices)
          .where('team_id', 'in', allTeams)
          .execute()
      : [];
  const existing =
    admins.size > 0 && devices.length > 0
      ? new Set(
          (await db.selectFrom('devices').select('id').where('id', 'in', devices).execute()).map((d) => d.id),
        )
      : new Set<number>();
  for (const dashboard of dashboards) {
    const teams = teamsOf.get(dashboard) ?? new Set<number>();
    out.set(
      dashboard,
      admins.has(dashboard)
        ? existing
        : new Set(links.filter((l) => teams.has(l.team_id)).map((l) => l.device_id)),
    );
  }
  return out;
}

export async function canSeeDevice(db: Kysely<DB>, viewer: Viewer, deviceId: number): Promise<boolean> {
  return (await visibleDeviceIds(db, viewer, [deviceId])).has(deviceId);
}

/** The device a sensor belongs to, if the viewer may see it; null when not. */
export async function visibleSensor(db: Kysely<DB>, viewer: Viewer, sensorId: number) {
  const sensor = await db.selectFrom('sensors').selectAll().where('id', '=', sensorId).executeTakeFirst();
  if (!sensor) return null;
  return (await canSeeDevice(db, viewer, sensor.device_id)) ? sensor : null;
}

/** The gateways the viewer may see: those their teams' devices talk through (admins: all). */
export function gatewayQuery(db: Kysely<DB>, viewer: Viewer) {
  let q = db.selectFrom('gateways').selectAll('gateways');
  if (!viewer.isAdmin) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('device_gateway')
          .innerJoin('device_team', 'device_team.device_id', 'device_gateway.device_id')
          .select('device_gateway.gateway_id')
          .whereRef('device_gateway.gateway_id', '=', 'gateways.id')
          .where('device_team.team_id', 'in', viewer.teamIds.length > 0 ? viewer.teamIds : [0]),
      ),
    );
  }
  return q;
}
