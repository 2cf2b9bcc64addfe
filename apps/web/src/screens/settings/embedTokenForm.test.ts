import type { Dashboard, Device } from '@matnat/contract';
import { describe, expect, it } from 'vitest';
import {
  defaultExpiryDate,
  embedSnippets,
  embedTarget,
  expiryToIso,
  parseOrigins,
  scopeLabels,
  scopeOptions,
} from './embedTokenForm';

const sensor = (id: number) => ({ id, name: `s${id}` }) as never;
const device = (id: number, title: string | null, sensors: number[] = []) =>
  ({ id, title, external_device_id: `ext-${id}`, sensors: sensors.map(sensor) }) as unknown as Device;
const build = (name: string) => ({
  name,
  url: `/embed/1.2.3/${name}.js`,
  major_url: `/embed/v1/${name}.js`,
  integrity: `sha384-${name}Hash`,
});
const scripts = [build('elements'), build('panel'), build('temperature-map')];
const dashboards = [
  {
    id: 1,
    title: 'Växthus',
    panels: [
      { id: 5, title: 'Inlandet' },
      { id: 6, title: null },
    ],
  },
  { id: 2, title: 'Tom', panels: [] },
] as unknown as Dashboard[];

describe('embed token form (issue 8: user settings, embed tokens)', () => {
  it('scopes come from the user’s own panels (named by dashboard) and devices', () => {
    const groups = scopeOptions(dashboards, [device(3, 'Åre'), device(4, null)]);
    expect(groups.panels).toEqual([
      { scope: 'panel:5', label: 'Växthus – Inlandet' },
      { scope: 'panel:6', label: 'Växthus – Panel 6' },
    ]);
    expect(groups.devices).toEqual([
      { scope: 'device:3', label: 'Åre' },
      { scope: 'device:4', label: 'ext-4' },
    ]);
  });

  it('the token list names its scopes', () => {
    const labels = scopeLabels(scopeOptions(dashboards, [device(3, 'Åre')]));
    expect(labels.get('panel:5')).toBe('Växthus – Inlandet');
    expect(labels.get('device:3')).toBe('Åre');
    expect(labels.get('public-map')).toBe('Den publika temperaturkartan');
    expect(labels.get('panel:99')).toBeUndefined();
  });

  it('allowed origins: one per line, commas and blanks tolerated', () => {
    expect(parseOrigins(' https://a.se\n\nhttp://localhost:5173, https://b.se ')).toEqual([
      'https://a.se',
      'http://localhost:5173',
      'https://b.se',
    ]);
    expect(parseOrigins('  \n ')).toEqual([]);
  });

  it('the expiry date becomes the end of that local day; anything else goes to the schema unchanged', () => {
    const iso = expiryToIso('2027-03-04');
    const local = new Date(iso);
    expect([local.getFullYear(), local.getMonth(), local.getDate(), local.getHours()]).toEqual([
      2027, 2, 4, 23,
    ]);
    expect(expiryToIso('')).toBe('');
    expect(expiryToIso('snart')).toBe('snart');
    expect(defaultExpiryDate(new Date(2026, 0, 1, 12), 90)).toBe('2026-04-01');
  });

  it('the snippet shows a panel first, else a device’s sensors, else the public map', () => {
    const devices = [device(3, 'Åre', [7, 8]), device(4, 'Tom')];
    expect(embedTarget(['device:3', 'panel:6', 'panel:5'], devices)).toEqual({ kind: 'panel', panelId: 6 });
    expect(embedTarget(['device:4', 'device:3'], devices)).toEqual({
      kind: 'sensors',
      sensorIds: [7, 8],
      title: 'Åre',
    });
    expect(embedTarget(['device:4', 'public-map'], devices)).toEqual({ kind: 'public-map' });
    expect(embedTarget(['device:4'], devices)).toBeNull();
  });

  it('ready-to-paste React, web component and script tag code as docs/embedding.md writes them', () => {
    const s = embedSnippets('mtn_abc', 'https://matnat.se', { kind: 'panel', panelId: 12 }, scripts);
    expect(s.react).toContain("import { MatnatProvider, Panel } from '@matnat/react';");
    expect(s.react).toContain(
      "<MatnatProvider config={{ baseUrl: 'https://matnat.se', auth: { embedToken: 'mtn_abc' } }}>",
    );
    expect(s.react).toContain('<Panel panelId={12} />');
    expect(s.webComponent).toBe(
      [
        '<script src="https://matnat.se/embed/1.2.3/elements.js" integrity="sha384-elementsHash" crossorigin="anonymous" defer></script>',
        '<matnat-panel api-base="https://matnat.se" embed-token="mtn_abc" panel-id="12"></matnat-panel>',
      ].join('\n'),
    );
    expect(s.scriptTag).toBe(
      [
        '<div data-matnat-panel data-api-base="https://matnat.se" data-embed-token="mtn_abc" data-panel-id="12"></div>',
        '<script src="https://matnat.se/embed/1.2.3/panel.js" integrity="sha384-panelHash" crossorigin="anonymous" defer></script>',
      ].join('\n'),
    );
  });

  it('a device’s sensors: a line chart in React and as an element; no script tag (panel.js takes ids)', () => {
    const s = embedSnippets(
      'mtn_x',
      'https://m.se',
      { kind: 'sensors', sensorIds: [7, 8], title: 'Å "re"' },
      scripts,
    );
    expect(s.react).toContain(
      '<LineChartPanel title="Å \\"re\\"" items={[{ sensorId: 7 }, { sensorId: 8 }]} />',
    );
    expect(s.webComponent).toContain(
      'panel-type="line_chart" sensor-ids="7,8" panel-title="Å &quot;re&quot;"',
    );
    expect(s.scriptTag).toBeNull();
  });

  it('the public map needs no token in the element and script tag', () => {
    const s = embedSnippets('mtn_x', 'https://m.se', { kind: 'public-map' }, scripts);
    expect(s.react).toContain('<TemperatureMap />');
    expect(s.webComponent).toContain('<matnat-temperature-map api-base="https://m.se" height="480">');
    expect(s.scriptTag).toContain(
      '<div data-matnat-temperature-map data-api-base="https://m.se" data-height="480">',
    );
    expect(s.scriptTag).not.toContain('mtn_x');
  });

  it('issue 23 point 8: without script-tag builds on the server, only the React code', () => {
    const s = embedSnippets('mtn_x', 'https://m.se', { kind: 'panel', panelId: 1 }, []);
    expect(s.react).toContain('<Panel panelId={1} />');
    expect(s.webComponent).toBeNull();
    expect(s.scriptTag).toBeNull();
  });
});
