/** The demo world: places in Sweden, the teams that own devices there, and the shop's products. */

export const DEMO_TEAMS = ['Skogsbruk Norr', 'Stadsodling Syd', 'Mätnät Support'] as const;
export type DemoTeam = (typeof DEMO_TEAMS)[number];

export interface Place {
  town: string;
  lat: number;
  lng: number;
}

/** Real town coordinates, north to south. */
export const PLACES: readonly Place[] = [
  { town: 'Abisko', lat: 68.3496, lng: 18.8306 },
  { town: 'Kiruna', lat: 67.8558, lng: 20.2253 },
  { town: 'Gällivare', lat: 67.1339, lng: 20.6528 },
  { town: 'Luleå', lat: 65.5848, lng: 22.1547 },
  { town: 'Piteå', lat: 65.3172, lng: 21.4794 },
  { town: 'Skellefteå', lat: 64.7507, lng: 20.9528 },
  { town: 'Umeå', lat: 63.8258, lng: 20.263 },
  { town: 'Örnsköldsvik', lat: 63.2909, lng: 18.7153 },
  { town: 'Åre', lat: 63.399, lng: 13.0815 },
  { town: 'Östersund', lat: 63.1792, lng: 14.6357 },
  { town: 'Sundsvall', lat: 62.3908, lng: 17.3069 },
  { town: 'Hudiksvall', lat: 61.729, lng: 17.1036 },
  { town: 'Mora', lat: 61.007, lng: 14.543 },
  { town: 'Gävle', lat: 60.6749, lng: 17.1413 },
  { town: 'Falun', lat: 60.6065, lng: 15.6355 },
  { town: 'Uppsala', lat: 59.8586, lng: 17.6389 },
  { town: 'Västerås', lat: 59.6099, lng: 16.5448 },
  { town: 'Karlstad', lat: 59.3793, lng: 13.5036 },
  { town: 'Stockholm', lat: 59.3293, lng: 18.0686 },
  { town: 'Örebro', lat: 59.2753, lng: 15.2134 },
  { town: 'Norrköping', lat: 58.5877, lng: 16.1924 },
  { town: 'Linköping', lat: 58.4108, lng: 15.6214 },
  { town: 'Jönköping', lat: 57.7826, lng: 14.1618 },
  { town: 'Göteborg', lat: 57.7089, lng: 11.9746 },
  { town: 'Visby', lat: 57.6348, lng: 18.2948 },
  { town: 'Växjö', lat: 56.8777, lng: 14.8091 },
  { town: 'Kalmar', lat: 56.6634, lng: 16.3568 },
  { town: 'Halmstad', lat: 56.6745, lng: 12.8578 },
  { town: 'Karlskrona', lat: 56.1612, lng: 15.5869 },
  { town: 'Helsingborg', lat: 56.0465, lng: 12.6945 },
  { town: 'Lund', lat: 55.7047, lng: 13.191 },
  { town: 'Malmö', lat: 55.605, lng: 13.0038 },
  { town: 'Ystad', lat: 55.4295, lng: 13.82 },
];

/** Temperature spears in New Zealand, for the NZ temperature-sensor page (route tempMap.nz). */
export const NZ_PLACES: readonly Place[] = [
  { town: 'Auckland', lat: -36.8485, lng: 174.7633 },
  { town: 'Hamilton', lat: -37.787, lng: 175.2793 },
  { town: 'Wellington', lat: -41.2866, lng: 174.7756 },
  { town: 'Christchurch', lat: -43.5321, lng: 172.6362 },
  { town: 'Dunedin', lat: -45.8788, lng: 170.5028 },
];

export const SENSOR_KINDS = {
  temperature: { name: 'Temperatur', unit: '°C' },
  humidity: { name: 'Luftfuktighet', unit: '%' },
  battery: { name: 'Batteri', unit: '%' },
} as const;

export const DEMO_PRODUCTS = [
  {
    slug: 'temperaturspjut',
    name: 'Temperaturspjut',
    description:
      'Trådlöst temperaturspjut för mark, kompost och flis. LoRaWAN, IP67, batteritid upp till fem år.',
    price_ore: 149_900,
  },
  {
    slug: 'lorawan-gateway',
    name: 'LoRaWAN-gateway',
    description: 'Gateway för inomhusbruk med 4G och Ethernet. Täcker upp till tio kilometer på landsbygden.',
    price_ore: 349_900,
  },
  {
    slug: 'abonnemang',
    name: 'Abonnemang',
    description: 'Månadsabonnemang per enhet: lagring av mätvärden, dashboards, notiser och support.',
    price_ore: 4_900,
  },
] as const;

/** Deterministic pseudo-random numbers (mulberry32), so every seeded world is the same. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;
const YEAR = 365.25 * DAY;

/**
 * The temperature a place has at instant `ts` in calm weather: seasonal drift (coldest late January in
 * the north, late July in the south), a daily cycle (warmest mid-afternoon) and a milder climate nearer
 * the equator. Sweden's inland winters swing widely; New Zealand's oceanic climate far less.
 */
function calmTemperature(lat: number, ts: number): number {
  const season = Math.cos((2 * Math.PI * (ts - Date.UTC(2026, 0, 20))) / YEAR);
  const daily = Math.cos((2 * Math.PI * (ts - Date.UTC(2026, 0, 1, 14))) / DAY);
  if (lat < 0) return 30 - Math.abs(lat) * 0.4 + season * 4.5 + daily * 3.5;
  return 8 - (lat - 55) * 0.75 - season * (9 + (lat - 55) * 0.4) + daily * 3.5;
}

const dailyCycle = (ts: number) => Math.cos((2 * Math.PI * (ts - Date.UTC(2026, 0, 1, 14))) / DAY);

/** A plausible reading of a sensor at instant `ts`; `noise` in [-1, 1] adds weather. */
export function modelValue(type: string, lat: number, ts: number, noise: number): number {
  if (type === 'temperature') return Math.round((calmTemperature(lat, ts) + noise * 2.5) * 100) / 100;
  if (type === 'humidity')
    return Math.round(Math.min(100, Math.max(20, 72 - dailyCycle(ts) * 14 + noise * 8)) * 10) / 10;
  return Math.round(Math.max(5, calmBattery(lat, ts) + noise) * 10) / 10;
}

/**
 * A battery level that drains 0.22 % a day and is replaced every 400 days, at a phase of its own per
 * degree of latitude (rounded: the simulator reads a device's jittered position, the seed its town's), so
 * that the fleet has full, half and low batteries rather than one level for all (issue 21).
 */
function calmBattery(lat: number, ts: number): number {
  const phase = (((Math.round(lat) * 97) % 400) + 400) % 400;
  return 100 - ((ts / DAY + phase) % 400) * 0.22;
}

/**
 * The noise (weather) at which `modelValue` gives `value`: lets the simulator continue a stored series
 * from its last reading instead of from calm weather, which made every line jump at its newest point.
 */
export function modelNoise(type: string, lat: number, ts: number, value: number): number {
  if (type === 'temperature') return (value - calmTemperature(lat, ts)) / 2.5;
  if (type === 'humidity') return (value - (72 - dailyCycle(ts) * 14)) / 8;
  return value - calmBattery(lat, ts);
}
