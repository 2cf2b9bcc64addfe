import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { currentUser } from '../auth/guards.js';
import { userTeamIds } from '../auth/teams.js';
import type { DB } from '../db/types.js';

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
