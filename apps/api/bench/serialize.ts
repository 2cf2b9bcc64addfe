// Issue 25, "answers shaped by the contract": what serialising the dashboard answer costs with
// fast-json-stringify compiled from the contract's zod schema (through its JSON Schema), against
// JSON.stringify, alternated in the same run. `npm run bench:serialize`.
import { loadavg } from 'node:os';
import { Dashboard, Panel } from '@matnat/contract';
import { dataOf } from '../src/http/answers.js';
import { contractSerializer } from '../src/http/serialize.js';

const stamp = { created_at: '2026-11-27T10:00:00.000Z', updated_at: '2026-11-27T10:00:00.000Z' };
const sensor = (id: number) => ({
  id,
  device_id: id,
  name: `Temperatur ${id}`,
  type: 'temperature',
  unit: '°C',
});
const device = (id: number) => ({
  id,
  title: `Spjut ${id}`,
  external_device_id: `70b3d57ed00${id}`,
  lat: 59.3,
  lng: 18.1,
  is_public: true,
  public_grid_m: 1000,
  default_sensor_id: id,
  ...stamp,
  sensors: [sensor(id), { ...sensor(id + 100), type: 'humidity', unit: '%' }],
});
/** A line chart of two sensors with their devices and sensors, as DASHBOARD_INCLUDE asks. */
const panel = (id: number) =>
  Panel.parse({
    id,
    dashboard_id: 1,
    type: 'line_chart',
    title: `Panel ${id}`,
    position: id,
    thresholds: [],
    ...stamp,
    lineChartItems: [1, 2].map((n) => ({
      id: id * 10 + n,
      panel_id: id,
      sensor_id: id + n,
      device_id: id + n,
      color: null,
      sensor: sensor(id + n),
      device: device(id + n),
    })),
  });

/** The dashboard answer of eight line charts, as dashboard.show gets it (DASHBOARD_INCLUDE). */
const answer = {
  data: Dashboard.parse({
    id: 1,
    title: 'Växthus',
    is_favorite: false,
    user_id: 1,
    ...stamp,
    panels: Array.from({ length: 8 }, (_, i) => panel(i + 1)),
  }),
};

// The server's serializer (without the test runner's drift check).
const fast = contractSerializer(dataOf(Dashboard), false);
if (JSON.stringify(JSON.parse(fast(answer))) !== JSON.stringify(answer)) throw new Error('outputs differ');

const ROUNDS = 10;
const PER_ROUND = 20_000;
const time = (run: (data: unknown) => string) => {
  const start = process.hrtime.bigint();
  for (let i = 0; i < PER_ROUND; i++) run(answer);
  return Number(process.hrtime.bigint() - start) / 1e3 / PER_ROUND;
};
const fastRuns: number[] = [];
const jsonRuns: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  fastRuns.push(time(fast));
  jsonRuns.push(time(JSON.stringify));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const [f, j] = [median(fastRuns), median(jsonRuns)];
console.log(`dashboard answer (${JSON.stringify(answer).length} B), median of ${ROUNDS} alternated rounds:`);
console.log(`  fast-json-stringify from the contract: ${f.toFixed(2)} µs`);
console.log(`  JSON.stringify:                        ${j.toFixed(2)} µs`);
console.log(
  `  ratio fast/JSON: ${(f / j).toFixed(2)}×; load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
