import type { MeasurementBucket, MeasurementBuckets } from '@matnat/contract';
import { type Kysely, sql } from 'kysely';
import { chooseBucketWidth } from './bucketing.js';
import { ROLLUPS } from './store.js';

export interface BucketQuery {
  /** Inclusive start, epoch ms. */
  from: number;
  /** Exclusive end, epoch ms. */
  to: number;
  intervalMs: number;
  maxPoints: number;
  /** Read raw rows only (the reference the rollup path is tested against). @default false */
  rawOnly?: boolean;
}

interface Partial {
  b: number;
  c: number;
  s: number;
  mn: number;
  mx: number;
  lt: number;
  lv: number;
}

interface Row {
  b: number | string;
  c: number | string;
  s: number | string;
  mn: number | string;
  mx: number | string;
  lt: number | string;
  lv: number | string;
}

function toPartial(r: Row): Partial {
  return {
    b: Number(r.b),
    c: Number(r.c),
    s: Number(r.s),
    mn: Number(r.mn),
    mx: Number(r.mx),
    lt: Number(r.lt),
    lv: Number(r.lv),
  };
}

async function fromRaw<T>(db: Kysely<T>, sensorId: number, from: number, to: number, width: number) {
  const w = sql.lit(width);
  const { rows } = await sql<Row>`select g.b, g.c, g.s, g.mn, g.mx, g.lt, m.value as lv
    from (
      select ts / ${w} as b, count(*) as c, sum(value) as s, min(value) as mn, max(value) as mx, max(ts) as lt
      from measurements where sensor_id = ${sensorId} and ts >= ${from} and ts < ${to}
      group by 1
    ) g
    join measurements m on m.sensor_id = ${sensorId} and m.ts = g.lt`.execute(db);
  return rows.map(toPartial);
}

async function fromRollup<T>(
  db: Kysely<T>,
  table: string,
  period: number,
  sensorId: number,
  from: number,
  to: number,
  width: number,
) {
  const w = sql.lit(width);
  const p = sql.lit(period);
  const t = sql.table(table);
  const { rows } = await sql<Row>`select g.b, g.c, g.s, g.mn, g.mx, g.lt, r.last_value as lv
    from (
      select bucket_ts / ${w} as b, sum(count) as c, sum(sum) as s, min(min) as mn, max(max) as mx,
        max(last_ts) as lt
      from ${t} where sensor_id = ${sensorId} and bucket_ts >= ${from} and bucket_ts < ${to}
      group by 1
    ) g
    join ${t} r on r.sensor_id = ${sensorId} and r.bucket_ts = (g.lt / ${p}) * ${p}`.execute(db);
  return rows.map(toPartial);
}

/**
 * Aggregates [from, to) into buckets of `width`: whole rollup periods come from the coarsest rollup whose
 * period divides the width, the ragged edges from finer rollups and finally from raw rows.
 */
async function collect<T>(
  db: Kysely<T>,
  sensorId: number,
  from: number,
  to: number,
  width: number,
  levels: readonly (typeof ROLLUPS)[number][],
): Promise<Partial[]> {
  if (to <= from) return [];
  const [level, ...finer] = levels;
  if (!level) return fromRaw(db, sensorId, from, to, width);
  const midFrom = Math.ceil(from / level.width) * level.width;
  const midTo = Math.floor(to / level.width) * level.width;
  if (midFrom >= midTo) return collect(db, sensorId, from, to, width, finer);
  const [head, mid, tail] = await Promise.all([
    collect(db, sensorId, from, midFrom, width, finer),
    fromRollup(db, level.table, level.width, sensorId, midFrom, midTo, width),
    collect(db, sensorId, midTo, to, width, finer),
  ]);
  return [...head, ...mid, ...tail];
}

/** Readings of one sensor in [from, to) as at most `maxPoints` buckets, each keeping its min and max. */
export async function queryBuckets<T>(
  db: Kysely<T>,
  sensorId: number,
  q: BucketQuery,
): Promise<MeasurementBuckets> {
  const width = chooseBucketWidth(q.from, q.to, q.intervalMs, q.maxPoints);
  const levels = q.rawOnly ? [] : ROLLUPS.filter((r) => width % r.width === 0);
  const partials = await collect(db, sensorId, q.from, q.to, width, levels);

  const merged = new Map<number, Partial>();
  for (const p of partials) {
    const m = merged.get(p.b);
    if (!m) merged.set(p.b, { ...p });
    else {
      m.c += p.c;
      m.s += p.s;
      if (p.mn < m.mn) m.mn = p.mn;
      if (p.mx > m.mx) m.mx = p.mx;
      if (p.lt > m.lt) {
        m.lt = p.lt;
        m.lv = p.lv;
      }
    }
  }
  const buckets = [...merged.values()]
    .sort((a, b) => a.b - b.b)
    .map(
      (m): MeasurementBucket => ({
        t: m.b * width,
        avg: m.s / m.c,
        min: m.mn,
        max: m.mx,
        last: m.lv,
        count: m.c,
      }),
    );
  return {
    sensor_id: sensorId,
    from: new Date(q.from).toISOString(),
    to: new Date(q.to).toISOString(),
    bucket_ms: width,
    buckets,
  };
}
