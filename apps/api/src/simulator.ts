import type { Kysely } from 'kysely';
import type { ResourceTables } from './db/tables/resources.js';
import { insertMeasurements, type Reading } from './measurements/store.js';
import { modelValue, random } from './seed/world.js';

export interface SimulatorOptions {
  /** Time between two rounds of readings. @default 60000 */
  intervalMs?: number;
  /** Clock, for tests. @default Date.now */
  now?: () => number;
  /** Called when a round fails (the simulator keeps running). @default ignores the error */
  onError?: (error: unknown) => void;
}

/**
 * Adds one reading per sensor every `intervalMs` while the server runs, following the same model as the
 * seeded history. Returns a function that stops it and resolves once a running round has finished.
 */
export function startSimulator<T extends ResourceTables>(
  db: Kysely<T>,
  opts: SimulatorOptions = {},
): () => Promise<void> {
  const kdb = db as unknown as Kysely<ResourceTables>;
  const now = opts.now ?? Date.now;
  const rand = random(now() % 2 ** 31);
  const weather = new Map<number, number>();
  let running: Promise<void> | null = null;

  const round = async () => {
    const sensors = await kdb
      .selectFrom('sensors')
      .leftJoin('devices', 'devices.id', 'sensors.device_id')
      .select(['sensors.id', 'sensors.type', 'devices.lat'])
      .execute();
    const ts = now();
    const readings: Reading[] = sensors.map((s) => {
      const w = Math.max(-1, Math.min(1, (weather.get(s.id) ?? 0) * 0.98 + (rand() - 0.5) * 0.15));
      weather.set(s.id, w);
      return { sensor_id: s.id, ts, value: modelValue(s.type, s.lat ?? 60, ts, w) };
    });
    await insertMeasurements(db, readings);
  };

  const timer = setInterval(() => {
    if (running) return;
    running = round()
      .catch((error: unknown) => opts.onError?.(error))
      .finally(() => {
        running = null;
      });
  }, opts.intervalMs ?? 60_000);
  timer.unref();

  return async () => {
    clearInterval(timer);
    await running;
  };
}
