import type { Dashboard, Device, EmbedScope, EmbedScript } from '@matnat/contract';

/** One checkbox of the scope picker: a panel or device the user can read, or the public map. */
export interface ScopeOption {
  scope: EmbedScope;
  label: string;
}

export interface ScopeGroups {
  panels: ScopeOption[];
  devices: ScopeOption[];
}

/** The user's own panels (by dashboard) and devices, as embed-token scopes. */
export function scopeOptions(dashboards: readonly Dashboard[], devices: readonly Device[]): ScopeGroups {
  const panels = dashboards.flatMap((dashboard) =>
    (dashboard.panels ?? []).map((panel) => ({
      scope: `panel:${panel.id}` as const,
      label: `${dashboard.title} – ${panel.title ?? `Panel ${panel.id}`}`,
    })),
  );
  const deviceOptions = devices.map((device) => ({
    scope: `device:${device.id}` as const,
    label: device.title ?? device.external_device_id,
  }));
  return { panels, devices: deviceOptions };
}

export const PUBLIC_MAP_LABEL = 'Den publika temperaturkartan';

/** Scope → its name, for the token list ('Växthus – Inlandet' rather than `panel:5`). */
export function scopeLabels({ panels, devices }: ScopeGroups): Map<string, string> {
  const labels = new Map<string, string>([['public-map', PUBLIC_MAP_LABEL]]);
  for (const option of [...panels, ...devices]) labels.set(option.scope, option.label);
  return labels;
}

/** The origins field: one per line (commas and spaces also separate), blanks dropped. */
export function parseOrigins(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((origin) => origin.trim())
    .filter(Boolean);
}

/**
 * The expiry date field (`YYYY-MM-DD`) as the contract's date-time: the end of that day where the user is.
 * Anything else is passed on unchanged, so the schema answers with its own message.
 */
export function expiryToIso(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  const end = new Date(`${date}T23:59:59`);
  return Number.isNaN(end.getTime()) ? date : end.toISOString();
}

/** The expiry offered by default: 90 days from `now`, as the date field writes it. */
export function defaultExpiryDate(now: Date, days = 90): string {
  const at = new Date(now.getTime() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** What the snippets embed: a panel by id, a line chart of a device's sensors, or the public map. */
export type EmbedTarget =
  | { kind: 'panel'; panelId: number }
  | { kind: 'sensors'; sensorIds: number[]; title: string }
  | { kind: 'public-map' };

/** The first thing the token may read that a snippet can show (panels first, then devices, then the map). */
export function embedTarget(scopes: readonly string[], devices: readonly Device[]): EmbedTarget | null {
  for (const scope of scopes) {
    const panel = /^panel:(\d+)$/.exec(scope);
    if (panel) return { kind: 'panel', panelId: Number(panel[1]) };
  }
  for (const scope of scopes) {
    const id = Number(/^device:(\d+)$/.exec(scope)?.[1]);
    const device = devices.find((d) => d.id === id);
    const sensorIds = device?.sensors?.map((sensor) => sensor.id) ?? [];
    if (device && sensorIds.length) {
      return { kind: 'sensors', sensorIds, title: device.title ?? device.external_device_id };
    }
  }
  return scopes.includes('public-map') ? { kind: 'public-map' } : null;
}

export interface Snippets {
  react: string;
  /** Null when the server serves no script-tag builds (`GET /api/v1/embed-script` names none). */
  webComponent: string | null;
  /** `panel.js` shows panels by id only: null for a line chart of a device's sensors, or without builds. */
  scriptTag: string | null;
}

const attr = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

function reactElement(target: EmbedTarget): [string, string] {
  switch (target.kind) {
    case 'panel':
      return ['Panel', `<Panel panelId={${target.panelId}} />`];
    case 'sensors': {
      const items = target.sensorIds.map((id) => `{ sensorId: ${id} }`).join(', ');
      return [
        'LineChartPanel',
        `<LineChartPanel title=${JSON.stringify(target.title)} items={[${items}]} />`,
      ];
    }
    case 'public-map':
      return ['TemperatureMap', '<TemperatureMap />'];
  }
}

function elementAttributes(target: EmbedTarget, prefix: '' | 'data-'): string {
  switch (target.kind) {
    case 'panel':
      return `${prefix}panel-id="${target.panelId}"`;
    case 'sensors':
      return `panel-type="line_chart" sensor-ids="${target.sensorIds.join(',')}" panel-title="${attr(target.title)}"`;
    case 'public-map':
      return `${prefix}height="480"`;
  }
}

/**
 * A script tag at the build's exact-version URL with its subresource-integrity hash (the browser refuses
 * other bytes; `crossorigin` makes it a CORS request, which integrity needs across origins). Null when the
 * server serves no such build.
 */
function scriptElement(apiBase: string, scripts: readonly EmbedScript[], name: string): string | null {
  const script = scripts.find((s) => s.name === name);
  if (!script) return null;
  return `<script src="${apiBase}${script.url}" integrity="${script.integrity}" crossorigin="anonymous" defer></script>`;
}

/**
 * Ready-to-paste code for the three ways of docs/embedding.md: React (`MatnatProvider` with the token),
 * a web component, and a script tag. `apiBase` is the Mätnät server, which also serves the SDK's
 * script-tag builds (`scripts`, from `GET /api/v1/embed-script`) at versioned URLs.
 */
export function embedSnippets(
  token: string,
  apiBase: string,
  target: EmbedTarget,
  scripts: readonly EmbedScript[],
): Snippets {
  const [component, element] = reactElement(target);
  const react = [
    '// npm install @matnat/react @matnat/core react react-dom',
    `import { MatnatProvider, ${component} } from '@matnat/react';`,
    '',
    `<MatnatProvider config={{ baseUrl: '${apiBase}', auth: { embedToken: '${token}' } }}>`,
    `  ${element}`,
    '</MatnatProvider>;',
  ].join('\n');
  const map = target.kind === 'public-map';
  const tag = map ? 'matnat-temperature-map' : 'matnat-panel';
  const tokenAttr = map ? '' : ` embed-token="${attr(token)}"`;
  const elements = scriptElement(apiBase, scripts, 'elements');
  const webComponent =
    elements &&
    [
      elements,
      `<${tag} api-base="${attr(apiBase)}"${tokenAttr} ${elementAttributes(target, '')}></${tag}>`,
    ].join('\n');
  if (target.kind === 'sensors') return { react, webComponent, scriptTag: null };
  const script = map ? 'temperature-map' : 'panel';
  const dataToken = map ? '' : ` data-embed-token="${attr(token)}"`;
  const scriptTagElement = scriptElement(apiBase, scripts, script);
  const scriptTag =
    scriptTagElement &&
    [
      `<div data-matnat-${script} data-api-base="${attr(apiBase)}"${dataToken} ${elementAttributes(target, 'data-')}></div>`,
      scriptTagElement,
    ].join('\n');
  return { react, webComponent, scriptTag };
}
