// The one DST suite of the range rule and the zone clock (spec §3, §9). The core's time filters and the
// API's measurement route both call these functions; their own tests check only that they do.
import { afterEach, describe, expect, it } from 'vitest';
import { INTERVAL_MS, RANGE_SLUGS, type RangeSlug } from './constants';
import {
  absoluteRangeProblem,
  fittingInterval,
  intervalMs,
  intervalOr,
  isIntervalSlug,
  isRangeSlug,
  MAX_RANGE_MS,
  parseInstant,
  parseRangeValue,
  rangeOr,
  resolveRange,
  resolveRangeValue,
  validRangeValue,
} from './ranges';
import {
  addToWallClock,
  DEFAULT_TIME_ZONE,
  fromWallClock,
  parseInZone,
  startOf,
  toWallClock,
  zoneOffset,
} from './zone';

// Spring forward: 2025-03-30 02:00 CET → 03:00 CEST (01:00Z). Fall back: 2025-10-26 03:00 CEST → 02:00 CET.
const utc = (text: string) => Date.parse(`${text}Z`);
const HOUR = 3_600_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** 'YYYY-MM-DD HH:mm:ss' of an instant in Stockholm, written here from the wall clock alone. */
const stockholm = (t: number) => {
  const w = toWallClock(t);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
};
const wall = (range: { from: number; to: number }) => [stockholm(range.from), stockholm(range.to)];

// Every expectation holds whatever zone the host runs in: the server and a partner's browser may be anywhere.
const HOST_ZONES = ['Europe/Stockholm', 'America/New_York', 'Pacific/Auckland', 'UTC'];
const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});
const inEveryHostZone = (name: string, body: () => void) =>
  it.each(HOST_ZONES)(`${name} (host zone %s)`, (tz) => {
    process.env.TZ = tz;
    body();
  });

describe('slug checks', () => {
  it('spec §3: the 17 range slugs and 9 interval slugs are recognised, nothing else', () => {
    expect(RANGE_SLUGS.every(isRangeSlug)).toBe(true);
    expect(Object.keys(INTERVAL_MS).every(isIntervalSlug)).toBe(true);
    for (const bad of ['prev_4_days', '', 'PREV_3_H', 3, null, 'toString', '__proto__'])
      expect(isRangeSlug(bad) || isIntervalSlug(bad)).toBe(false);
  });

  it('spec §4 default filter: unknown values fall back to prev_5_days and 15_m', () => {
    expect(rangeOr('nonsense')).toBe('prev_5_days');
    expect(intervalOr(undefined)).toBe('15_m');
    expect(rangeOr('this_week')).toBe('this_week');
    expect(intervalMs('5_s')).toBe(5_000);
    expect(intervalMs('12_h')).toBe(12 * HOUR);
  });
});

describe('zone clock (Europe/Stockholm)', () => {
  it('spec §1: the default time zone is Europe/Stockholm, +1 h in winter, +2 h in summer', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Europe/Stockholm');
    expect(zoneOffset(utc('2026-01-01T00:00:00'))).toBe(HOUR);
    expect(zoneOffset(utc('2026-07-01T00:00:00'))).toBe(2 * HOUR);
  });

  inEveryHostZone('parses wall-clock texts as Stockholm time', () => {
    expect(parseInZone('2025-01-15 13:00:00')).toBe(utc('2025-01-15T12:00:00'));
    expect(parseInZone('2025-07-15 14:00')).toBe(utc('2025-07-15T12:00:00'));
    expect(parseInZone('2025-07-15')).toBe(utc('2025-07-14T22:00:00'));
    expect(parseInZone(' 2025-07-15T14:00:00.250 ')).toBe(utc('2025-07-15T12:00:00.250'));
    for (const bad of ['15/07/2025', '2025-13-45', '2025-02-29', '2025-02-28 24:00', '2025-02-28 23:60'])
      expect(parseInZone(bad)).toBeNull();
  });

  inEveryHostZone(
    'DST: a wall time skipped in spring moves forward; a repeated one takes the earlier instant',
    () => {
      expect(parseInZone('2025-03-30 02:30')).toBe(utc('2025-03-30T01:30:00'));
      expect(stockholm(utc('2025-03-30T01:30:00'))).toBe('2025-03-30 03:30:00');
      expect(parseInZone('2025-10-26 02:30')).toBe(utc('2025-10-26T00:30:00'));
      expect(parseInZone('2025-10-26 03:30')).toBe(utc('2025-10-26T02:30:00'));
    },
  );

  inEveryHostZone('round-trips wall clock and instant every 15 minutes across both DST weekends', () => {
    for (const start of [utc('2025-03-29T00:00:00'), utc('2025-10-25T00:00:00')]) {
      for (let t = start; t < start + 2 * 86_400_000; t += 15 * 60_000) {
        const back = fromWallClock(toWallClock(t));
        expect(stockholm(back)).toBe(stockholm(t));
        // The second 02:xx of the autumn night reads back as the first one.
        expect([t, t - HOUR]).toContain(back);
      }
    }
  });

  it('period starts and calendar arithmetic run on wall-clock fields; month ends clamp', () => {
    const at = (text: string) => toWallClock(parseInZone(text) as number);
    const show = (w: ReturnType<typeof toWallClock>) => stockholm(fromWallClock(w));
    const sundayEvening = at('2025-03-30 21:15:10');
    expect(show(startOf(sundayEvening, 'day'))).toBe('2025-03-30 00:00:00');
    expect(show(startOf(sundayEvening, 'week'))).toBe('2025-03-24 00:00:00');
    expect(show(startOf(sundayEvening, 'week', 0))).toBe('2025-03-30 00:00:00');
    expect(show(startOf(sundayEvening, 'month'))).toBe('2025-03-01 00:00:00');
    expect(show(startOf(sundayEvening, 'year'))).toBe('2025-01-01 00:00:00');
    expect(show(addToWallClock(at('2025-08-31 14:30:00'), -6, 'month'))).toBe('2025-02-28 14:30:00');
    expect(show(addToWallClock(at('2024-02-29 08:00'), 1, 'year'))).toBe('2025-02-28 08:00:00');
    expect(show(addToWallClock(at('2025-12-30 08:00'), 1, 'week'))).toBe('2026-01-06 08:00:00');
    const before = parseInZone('2025-03-29 12:00') as number;
    expect(fromWallClock(addToWallClock(toWallClock(before), 1, 'day')) - before).toBe(23 * HOUR);
  });
});

describe('resolveRange: the one range rule, half-open [from, to)', () => {
  // Wednesday 2025-01-15 12:00 CET.
  const winter = utc('2025-01-15T11:00:00');

  inEveryHostZone('spec §3: prev_N_h ranges end now and start exactly N hours earlier', () => {
    expect(resolveRange('prev_3_h', winter)).toEqual({ from: winter - 3 * HOUR, to: winter });
    expect(resolveRange('prev_12_h', winter)).toEqual({ from: winter - 12 * HOUR, to: winter });
    expect(resolveRange('prev_24_h', winter)).toEqual({ from: winter - 24 * HOUR, to: winter });
  });

  inEveryHostZone(
    'spec §3: prev_N_days and prev_6_months start at the same wall-clock time N days/months ago',
    () => {
      const expected: [RangeSlug, string][] = [
        ['prev_2_days', '2025-01-13 12:00:00'],
        ['prev_5_days', '2025-01-10 12:00:00'],
        ['prev_7_days', '2025-01-08 12:00:00'],
        ['prev_10_days', '2025-01-05 12:00:00'],
        ['prev_15_days', '2024-12-31 12:00:00'],
        ['prev_30_days', '2024-12-16 12:00:00'],
        ['prev_90_days', '2024-10-17 12:00:00'],
        ['prev_6_months', '2024-07-15 12:00:00'],
      ];
      for (const [slug, from] of expected)
        expect(wall(resolveRange(slug, winter))).toEqual([from, '2025-01-15 12:00:00']);
      expect(wall(resolveRange('prev_6_months', utc('2025-08-31T10:00:00')))[0]).toBe('2025-02-28 12:00:00');
    },
  );

  inEveryHostZone(
    'spec §9: week, month and year ranges run from the start of the period to the start of the next',
    () => {
      expect(wall(resolveRange('this_week', winter))).toEqual(['2025-01-13 00:00:00', '2025-01-20 00:00:00']);
      expect(wall(resolveRange('this_month', winter))).toEqual([
        '2025-01-01 00:00:00',
        '2025-02-01 00:00:00',
      ]);
      expect(wall(resolveRange('this_year', winter))).toEqual(['2025-01-01 00:00:00', '2026-01-01 00:00:00']);
      expect(wall(resolveRange('prev_week', winter))).toEqual(['2025-01-06 00:00:00', '2025-01-13 00:00:00']);
      expect(wall(resolveRange('prev_month', winter))).toEqual([
        '2024-12-01 00:00:00',
        '2025-01-01 00:00:00',
      ]);
      expect(wall(resolveRange('prev_year', winter))).toEqual(['2024-01-01 00:00:00', '2025-01-01 00:00:00']);
    },
  );

  it('every slug resolves to a non-empty range; periods that follow each other share their boundary', () => {
    for (const slug of RANGE_SLUGS) {
      const r = resolveRange(slug, winter);
      expect(r.to, slug).toBeGreaterThan(r.from);
    }
    expect(resolveRange('prev_week', winter).to).toBe(resolveRange('this_week', winter).from);
    expect(resolveRange('prev_month', winter).to).toBe(resolveRange('this_month', winter).from);
    expect(resolveRange('prev_year', winter).to).toBe(resolveRange('this_year', winter).from);
  });

  it('Swedish weeks start on Monday (the spec base setup said Sunday; weekStartsOn: 0 restores it)', () => {
    const sundayNight = utc('2025-01-19T22:30:00'); // Sunday 23:30 CET
    expect(wall(resolveRange('this_week', sundayNight))[0]).toBe('2025-01-13 00:00:00');
    const mondayMorning = utc('2025-01-19T23:30:00'); // Monday 00:30 CET
    expect(wall(resolveRange('this_week', mondayMorning))[0]).toBe('2025-01-20 00:00:00');
    expect(wall(resolveRange('this_week', winter, { weekStartsOn: 0 }))).toEqual([
      '2025-01-12 00:00:00',
      '2025-01-19 00:00:00',
    ]);
  });

  inEveryHostZone(
    'DST spring (2025-03-30): prev_24_h is 24 real hours, prev_2_days keeps the time of day (47 h)',
    () => {
      const now = utc('2025-03-31T08:00:00'); // Monday 10:00 CEST
      expect(resolveRange('prev_24_h', now).from).toBe(now - 24 * HOUR);
      const twoDays = resolveRange('prev_2_days', now);
      expect(stockholm(twoDays.from)).toBe('2025-03-29 10:00:00');
      expect(twoDays.to - twoDays.from).toBe(47 * HOUR);
    },
  );

  inEveryHostZone(
    'DST spring: the week holding the change runs CET midnight to CEST midnight (167 h)',
    () => {
      const now = utc('2025-03-31T08:00:00');
      const previous = resolveRange('prev_week', now);
      expect(previous).toEqual({ from: utc('2025-03-23T23:00:00'), to: utc('2025-03-30T22:00:00') });
      expect(previous.to - previous.from).toBe(167 * HOUR);
      expect(resolveRange('this_month', now)).toEqual({
        from: utc('2025-02-28T23:00:00'),
        to: utc('2025-03-31T22:00:00'),
      });
    },
  );

  inEveryHostZone('DST spring: a day count landing in the skipped hour moves forward by the gap', () => {
    const now = utc('2025-04-01T00:30:00'); // Tuesday 02:30 CEST; 2025-03-30 02:30 does not exist
    expect(stockholm(resolveRange('prev_2_days', now).from)).toBe('2025-03-30 03:30:00');
  });

  inEveryHostZone('DST autumn (2025-10-26): prev_3_h spans three real hours over the repeated hour', () => {
    const now = utc('2025-10-26T02:30:00'); // 03:30 CET
    const range = resolveRange('prev_3_h', now);
    expect(range.to - range.from).toBe(3 * HOUR);
    expect(stockholm(range.from)).toBe('2025-10-26 01:30:00');
  });

  inEveryHostZone(
    'DST autumn: the week with the change is 169 h; day counts keep the time of day (+1 h)',
    () => {
      const now = utc('2025-10-26T11:00:00'); // Sunday 12:00 CET
      const week = resolveRange('this_week', now);
      expect(week).toEqual({ from: utc('2025-10-19T22:00:00'), to: utc('2025-10-26T23:00:00') });
      expect(week.to - week.from).toBe(169 * HOUR);
      const fiveDays = resolveRange('prev_5_days', now);
      expect(stockholm(fiveDays.from)).toBe('2025-10-21 12:00:00');
      expect(fiveDays.to - fiveDays.from).toBe(5 * 24 * HOUR + HOUR);
      expect(resolveRange('prev_month', utc('2025-11-10T10:00:00'))).toEqual({
        from: utc('2025-09-30T22:00:00'),
        to: utc('2025-10-31T23:00:00'),
      });
    },
  );

  it('resolves in another zone when asked (the NZ temperature page)', () => {
    expect(resolveRange('this_month', winter, { zone: 'Pacific/Auckland' }).from).toBe(
      utc('2024-12-31T11:00:00'),
    );
  });
});

describe('issue 21: the absolute range (från–till) beside the presets', () => {
  it('the longest absolute range is the longest preset: a leap year (366 days)', () => {
    const longest = Math.max(
      ...RANGE_SLUGS.map((slug) => {
        const range = resolveRange(slug, utc('2024-12-31T12:00:00'));
        return range.to - range.from;
      }),
    );
    expect(MAX_RANGE_MS).toBe(longest);
    expect(MAX_RANGE_MS).toBe(366 * 24 * HOUR);
  });

  it('issue 21 Bad input: from after till, equal ends, over-long ranges and non-instants are refused with Swedish messages', () => {
    const from = utc('2026-01-01T00:00:00');
    expect(absoluteRangeProblem(from, from + HOUR)).toBeNull();
    expect(absoluteRangeProblem(from, from + MAX_RANGE_MS)).toBeNull();
    expect(absoluteRangeProblem(from + HOUR, from)).toEqual({
      field: 'to',
      message: 'Från måste ligga före Till.',
    });
    expect(absoluteRangeProblem(from, from)?.field).toBe('to');
    expect(absoluteRangeProblem(from, from + MAX_RANGE_MS + 1)).toEqual({
      field: 'to',
      message: 'Perioden får vara högst ett år (366 dagar), som den längsta förvalda perioden.',
    });
    expect(absoluteRangeProblem(Number.NaN, from)?.field).toBe('from');
    expect(absoluteRangeProblem(from, Number.POSITIVE_INFINITY)?.field).toBe('to');
  });

  inEveryHostZone('a host writes instants with an offset, or Stockholm wall clocks', () => {
    expect(parseInstant('2026-07-01T08:00:00Z')).toBe(utc('2026-07-01T08:00:00'));
    expect(parseInstant('2026-07-01T10:00+02:00')).toBe(utc('2026-07-01T08:00:00'));
    expect(parseInstant('2026-07-01T10:00')).toBe(utc('2026-07-01T08:00:00'));
    expect(parseInstant('2026-01-01')).toBe(utc('2025-12-31T23:00:00'));
    expect(parseInstant('igår')).toBeNaN();
  });

  it('the `range` attribute: a preset slug or an ISO 8601 interval from/to', () => {
    expect(parseRangeValue('prev_24_h')).toEqual({ range_slug: 'prev_24_h' });
    expect(parseRangeValue('2026-01-01/2026-01-03')).toEqual({
      range_slug: 'custom',
      from: '2025-12-31T23:00:00.000Z',
      to: '2026-01-02T23:00:00.000Z',
    });
    expect(parseRangeValue('2026-01-03/2026-01-01')).toBeNull();
    expect(parseRangeValue('2024-01-01/2026-01-01')).toBeNull();
    expect(parseRangeValue('prev_4_days')).toBeNull();
    expect(parseRangeValue('2026-01-01/2026-01-02/2026-01-03')).toBeNull();
  });

  it('stored values are used only when they keep the rule; a custom range resolves to itself', () => {
    const custom = {
      range_slug: 'custom',
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-01-02T00:00:00.000Z',
    } as const;
    expect(validRangeValue(custom)).toEqual(custom);
    expect(validRangeValue({ range_slug: 'custom', from: custom.to, to: custom.from })).toBeNull();
    expect(validRangeValue({ range_slug: 'custom', from: custom.from })).toBeNull();
    expect(validRangeValue({ range_slug: 'this_week' })).toEqual({ range_slug: 'this_week' });
    expect(resolveRangeValue(custom, 0)).toEqual({
      from: Date.parse(custom.from),
      to: Date.parse(custom.to),
    });
    const now = utc('2026-01-10T12:00:00');
    expect(resolveRangeValue({ range_slug: 'prev_3_h' }, now)).toEqual(resolveRange('prev_3_h', now));
  });

  it('issue 21 zoom: a zoomed range is fetched at the widest interval still giving 300 buckets', () => {
    expect(fittingInterval({ from: 0, to: 2 * 24 * HOUR })).toBe('5_m');
    expect(fittingInterval({ from: 0, to: 2 * HOUR })).toBe('5_s');
    expect(fittingInterval({ from: 0, to: 30 * 24 * HOUR })).toBe('1_h');
    expect(fittingInterval({ from: 0, to: 10_000 })).toBe('5_s');
  });
});
