import type { ThresholdStep } from '@matnat/contract';
import type { Kysely } from 'kysely';
import type { ResourceTables } from '../db/tables/resources.js';
import type { SeededDevice } from './devices.js';
import { DEMO_PRODUCTS } from './world.js';

export interface ContentSeedOptions {
  anna: { id: number; team: number };
  erik: { id: number; team: number };
  devices: SeededDevice[];
  now: number;
  /** Epoch ms of the first seeded reading: the alerts exist from then. */
  historyStart: number;
}

/** Threshold steps of the demo panels (issue 21): what a reading means at a glance. */
const TEMPERATURE_STEPS: ThresholdStep[] = [
  { value: -50, color: 'blue', label: 'Sträng kyla' },
  { value: -12, color: 'green', label: 'Normalt' },
  { value: 25, color: 'orange', label: 'Varmt' },
];
const BATTERY_STEPS: ThresholdStep[] = [
  { value: 0, color: 'red', label: 'Byt batteri' },
  { value: 20, color: 'yellow', label: 'Lågt' },
  { value: 40, color: 'green', label: 'OK' },
];
const HUMIDITY_STEPS: ThresholdStep[] = [
  { value: 0, color: 'orange', label: 'Torrt' },
  { value: 30, color: 'green', label: 'OK' },
  { value: 70, color: 'yellow', label: 'Fuktigt' },
  { value: 90, color: 'red', label: 'Mycket fuktigt' },
];
const FROST_STEPS: ThresholdStep[] = [
  { value: -10, color: 'blue', label: 'Sträng kyla' },
  { value: 0, color: 'green', label: 'Plusgrader' },
  { value: 25, color: 'red', label: 'Värme' },
];
const stepsColumn = (steps: ThresholdStep[] | undefined) => (steps ? JSON.stringify(steps) : null);

function sensorOf(devices: SeededDevice[], title: string, type: string) {
  const device = devices.find((d) => d.title === title);
  const sensor = device?.sensors.find((s) => s.type === type);
  if (!device || !sensor) throw new Error(`seed: no ${type} sensor on ${title}`);
  return { device_id: device.id, sensor_id: sensor.id };
}

/**
 * Dashboards with panels, alerts with conditions, the notifications that are not the alerts' (those come
 * from replaying the history through the evaluator, `seedDemo`) and the shop's products.
 */
export async function seedContent<T extends ResourceTables>(db: Kysely<T>, opts: ContentSeedOptions) {
  const kdb = db as unknown as Kysely<ResourceTables>;
  const at = new Date(opts.now).toISOString();
  const { devices } = opts;

  const boards: {
    user: number;
    title: string;
    favorite: boolean;
    lines: { title: string; items: [string, string][]; thresholds?: ThresholdStep[] }[];
    singles: { title: string; item: [string, string]; thresholds?: ThresholdStep[] }[];
  }[] = [
    {
      user: opts.anna.id,
      title: 'Skogens temperaturer',
      favorite: true,
      lines: [
        {
          title: 'Fjällen',
          items: [
            ['Temperaturspjut Abisko 1', 'temperature'],
            ['Temperaturspjut Kiruna 1', 'temperature'],
            ['Temperaturspjut Gällivare 1', 'temperature'],
          ],
        },
        {
          title: 'Kusten',
          items: [
            ['Temperaturspjut Luleå 1', 'temperature'],
            ['Temperaturspjut Umeå 1', 'temperature'],
            ['Temperaturspjut Sundsvall 1', 'temperature'],
          ],
        },
      ],
      singles: [
        {
          title: 'Abisko just nu',
          item: ['Temperaturspjut Abisko 1', 'temperature'],
          thresholds: TEMPERATURE_STEPS,
        },
        { title: 'Batteri Kiruna', item: ['Temperaturspjut Kiruna 1', 'battery'], thresholds: BATTERY_STEPS },
      ],
    },
    {
      user: opts.anna.id,
      title: 'Jämtland och Dalarna',
      favorite: false,
      lines: [
        {
          title: 'Inlandet',
          items: [
            ['Temperaturspjut Östersund 1', 'temperature'],
            ['Temperaturspjut Åre 1', 'temperature'],
            ['Temperaturspjut Falun 1', 'temperature'],
          ],
          thresholds: FROST_STEPS,
        },
      ],
      singles: [
        { title: 'Luftfuktighet Åre', item: ['Klimatgivare Åre', 'humidity'], thresholds: HUMIDITY_STEPS },
      ],
    },
    {
      user: opts.erik.id,
      title: 'Odlingar i Skåne',
      favorite: true,
      lines: [
        {
          title: 'Temperatur',
          items: [
            ['Temperaturspjut Malmö 1', 'temperature'],
            ['Temperaturspjut Lund 1', 'temperature'],
            ['Temperaturspjut Helsingborg 1', 'temperature'],
          ],
        },
        { title: 'Luftfuktighet Malmö', items: [['Klimatgivare Malmö', 'humidity']] },
      ],
      singles: [{ title: 'Malmö just nu', item: ['Temperaturspjut Malmö 1', 'temperature'] }],
    },
    {
      user: opts.erik.id,
      title: 'Storstäder',
      favorite: false,
      lines: [
        {
          title: 'Stockholm och Göteborg',
          items: [
            ['Temperaturspjut Stockholm 1', 'temperature'],
            ['Temperaturspjut Göteborg 1', 'temperature'],
          ],
        },
      ],
      singles: [{ title: 'Visby', item: ['Temperaturspjut Visby 1', 'temperature'] }],
    },
  ];

  for (const board of boards) {
    const dashboard = await kdb
      .insertInto('dashboards')
      .values({
        user_id: board.user,
        title: board.title,
        is_favorite: board.favorite ? 1 : 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let position = 0;
    for (const line of board.lines) {
      const first = sensorOf(devices, line.items[0]![0], line.items[0]![1]);
      const panel = await kdb
        .insertInto('panels')
        .values({
          dashboard_id: dashboard.id,
          type: 'line_chart',
          title: line.title,
          position: position++,
          device_id: first.device_id,
          sensor_id: first.sensor_id,
          thresholds: stepsColumn(line.thresholds),
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await kdb
        .insertInto('line_chart_items')
        .values(
          line.items.map(([title, type], i) => ({
            panel_id: panel.id,
            ...sensorOf(devices, title, type),
            position: i,
          })),
        )
        .execute();
    }
    for (const single of board.singles) {
      const item = sensorOf(devices, single.item[0], single.item[1]);
      const panel = await kdb
        .insertInto('panels')
        .values({
          dashboard_id: dashboard.id,
          type: 'single_value',
          title: single.title,
          position: position++,
          ...item,
          thresholds: stepsColumn(single.thresholds),
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await kdb
        .insertInto('single_value_items')
        .values({ panel_id: panel.id, ...item })
        .execute();
    }
  }

  // Hysteresis and a pending time keep a value that hovers at its threshold from flapping.
  const alerts = [
    {
      owner: opts.anna,
      name: 'Frostvarning fjällen',
      settings: { no_data_minutes: 180, renotify_minutes: 720 },
      conditions: [
        ['Temperaturspjut Abisko 1', 'temperature', '<', -12, -10, 1800],
        ['Temperaturspjut Kiruna 1', 'temperature', '<', -12, -10, 1800],
      ],
    },
    {
      owner: opts.anna,
      name: 'Lågt batteri Luleå',
      settings: {},
      conditions: [['Temperaturspjut Luleå 1', 'battery', '<', 25, 26, 0]],
    },
    {
      owner: opts.erik,
      name: 'Hög luftfuktighet i växthuset',
      settings: { renotify_minutes: 360 },
      conditions: [['Klimatgivare Malmö', 'humidity', '>', 85, 80, 900]],
    },
    {
      owner: opts.erik,
      name: 'Värmebölja Skåne',
      settings: {},
      conditions: [
        ['Temperaturspjut Malmö 1', 'temperature', '>', 28, 26, 3600],
        ['Temperaturspjut Lund 1', 'temperature', '>', 28, 26, 3600],
        ['Temperaturspjut Ystad 1', 'temperature', '>=', 30, 27, 3600],
      ],
    },
    {
      // On a sensor of 'Inlandet', a panel the demo embed token reads: the partner apps and the examples
      // show its limit and firing periods on their chart (issue 21). Last, so the other alerts keep their ids.
      owner: opts.anna,
      name: 'Frost i Jämtland',
      settings: {},
      conditions: [['Temperaturspjut Östersund 1', 'temperature', '<', -10, -8, 0]],
    },
  ] as const;
  for (const alert of alerts) {
    const row = await kdb
      .insertInto('alerts')
      .values({
        team_id: alert.owner.team,
        user_id: alert.owner.id,
        name: alert.name,
        no_data_minutes: null,
        renotify_minutes: null,
        muted_until: null,
        ...alert.settings,
        // Created before the history, so that the replay of the readings (seedDemo) evaluates all of it.
        created_at: new Date(opts.historyStart).toISOString(),
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await kdb
      .insertInto('alert_conditions')
      .values(
        alert.conditions.map(([title, type, operator, threshold, clear, duration]) => ({
          alert_id: row.id,
          sensor_id: sensorOf(devices, title, type).sensor_id,
          operator,
          threshold,
          clear_threshold: clear,
          duration_s: duration,
        })),
      )
      .execute();
  }

  const hoursAgo = (h: number) => new Date(opts.now - h * 3_600_000).toISOString();
  await kdb
    .insertInto('notifications')
    .values([
      {
        user_id: opts.anna.id,
        level: 'success',
        title: 'Ny enhet kopplad',
        body: 'Temperaturspjut Gällivare 1 är nu kopplad till Skogsbruk Norr.',
        alert_id: null,
        read_at: hoursAgo(30),
        created_at: hoursAgo(48),
      },
      {
        user_id: opts.erik.id,
        level: 'default',
        title: 'Välkommen till Mätnät',
        body: 'Här visas notiser från dina larm.',
        alert_id: null,
        read_at: null,
        created_at: hoursAgo(200),
      },
    ])
    .execute();

  await kdb
    .insertInto('products')
    .values(DEMO_PRODUCTS.map((p) => ({ ...p, image_url: null, created_at: at })))
    .execute();
}
