import { act } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChartModule } from '../test/chartMock';
import { defineMatnatElements, elementDefinitions } from './index';

vi.mock('lightweight-charts', () => createChartModule());

const t0 = Date.UTC(2026, 0, 1);
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  const auth = new Headers(init?.headers).get('Authorization');
  if (url.includes('/latest')) {
    return Response.json({
      data: { sensor_id: 1, value: 21.5, measured_at: new Date().toISOString(), unit: '°C', auth },
    });
  }
  if (url.endsWith('/cart/retrieve'))
    return Response.json({ cart: [{ id: 2, name: 'Gateway', price_ore: 1000 }] });
  if (url.endsWith('/cart/store') || url.endsWith('/sanctum/csrf-cookie'))
    return new Response(null, { status: 204 });
  if (url.endsWith('/api/v1/product')) {
    return Response.json({
      data: [{ id: 1, slug: 'spjut', name: 'Temperaturspjut', description: 'LoRaWAN', price_ore: 149_900 }],
    });
  }
  if (url.includes('/measurements')) {
    return Response.json({
      data: {
        sensor_id: 1,
        from: t0,
        to: t0 + 7_200_000,
        bucket_ms: 3_600_000,
        buckets: [{ t: t0, avg: 1, min: 0, max: 2, last: 1, count: 1 }],
      },
    });
  }
  return new Response('{}', { status: 404 });
});

async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
}

async function mount(html: string): Promise<HTMLElement> {
  const host = document.createElement('div');
  host.innerHTML = html;
  const el = host.firstElementChild as HTMLElement;
  await act(async () => {
    document.body.append(host);
  });
  await settle();
  return el;
}

describe('web components (@matnat/react/elements)', () => {
  beforeAll(() => {
    vi.stubGlobal('fetch', fetchMock);
    defineMatnatElements();
  });
  afterEach(() => {
    document.body.innerHTML = '';
    fetchMock.mockClear();
  });

  it('defineMatnatElements() defines every tag once and leaves tags already defined alone', () => {
    for (const tag of Object.keys(elementDefinitions)) expect(customElements.get(tag)).toBeDefined();
    expect(defineMatnatElements()).toEqual([]);
  });

  it('renders into an open shadow root with the widget styles inside it, and sends the embed token as a Bearer header', async () => {
    const el = await mount(
      '<matnat-single-value api-base="https://api.test" embed-token="mtn_x" sensor-id="1" unit="kWh"></matnat-single-value>',
    );
    expect(el.shadowRoot?.querySelector('style[data-matnat-style="matnat-widgets-panel"]')).not.toBeNull();
    expect(el.shadowRoot?.querySelector('.matnat-single-value__number')?.textContent).toBe('21,5');
    expect(document.head.querySelector('style[data-matnat-style="matnat-widgets-panel"]')).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://api.test/api/v1/sensor/1/latest');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer mtn_x');
  });

  it('attributes are kebab-case, and removing an attribute resets the prop to its default (r2wc would keep it stale)', async () => {
    const el = await mount(
      '<matnat-single-value api-base="https://api.test" sensor-id="1" unit="kWh"></matnat-single-value>',
    );
    expect(el.shadowRoot?.querySelector('.matnat-single-value__unit')?.textContent).toContain('kWh');
    await act(async () => el.removeAttribute('unit'));
    await settle();
    // Without the attribute the reading's own unit applies again.
    expect(el.shadowRoot?.querySelector('.matnat-single-value__unit')?.textContent).toContain('°C');
  });

  it("<matnat-panel> reports the viewer's time-filter change as a CustomEvent that bubbles and is composed", async () => {
    const el = await mount(
      '<matnat-panel api-base="https://api.test" sensor-ids="1,2" panel-title="Temp" range="prev_24_h"></matnat-panel>',
    );
    const heard: CustomEvent[] = [];
    document.addEventListener('timefilterchange', (e) => heard.push(e as CustomEvent));
    const select = el.shadowRoot?.querySelector('select') as HTMLSelectElement;
    expect(select.value).toBe('prev_24_h');
    await act(async () => {
      select.value = 'prev_3_h';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(heard).toHaveLength(1);
    expect(heard[0]?.detail).toEqual({
      range_slug: 'prev_3_h',
      interval_slug: '15_m',
      range_label: 'Senaste 3 timmarna',
      interval_label: 'Var 15:e minut',
    });
    expect(heard[0]?.bubbles).toBe(true);
    expect(heard[0]?.composed).toBe(true);
  });

  it("<matnat-panel> follows the host's range attribute and falls back to prev_5_days when it is removed", async () => {
    const el = await mount(
      '<matnat-panel api-base="https://api.test" sensor-ids="1" range="prev_24_h"></matnat-panel>',
    );
    await act(async () => el.setAttribute('range', 'prev_7_days'));
    await settle();
    const select = () => el.shadowRoot?.querySelector('select') as HTMLSelectElement;
    expect(select().value).toBe('prev_7_days');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('range_slug=prev_7_days'))).toBe(true);
    await act(async () => el.removeAttribute('range'));
    await settle();
    expect(select().value).toBe('prev_5_days');
  });

  it('issue 21: <matnat-panel range="from/to"> shows an absolute range; its change event carries the ends and a label', async () => {
    const el = await mount(
      '<matnat-panel api-base="https://api.test" sensor-ids="1" range="2026-03-01T08:00/2026-03-02T08:00"></matnat-panel>',
    );
    await settle();
    expect(
      fetchMock.mock.calls.some(([u]) =>
        String(u).includes('from=2026-03-01T07%3A00%3A00.000Z&to=2026-03-02T07%3A00%3A00.000Z'),
      ),
    ).toBe(true);
    const heard: CustomEvent[] = [];
    document.addEventListener('timefilterchange', (e) => heard.push(e as CustomEvent));
    const interval = el.shadowRoot?.querySelectorAll('select')[1] as HTMLSelectElement;
    await act(async () => {
      interval.value = '1_h';
      interval.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(heard.at(-1)?.detail).toEqual({
      range_slug: 'custom',
      from: '2026-03-01T07:00:00.000Z',
      to: '2026-03-02T07:00:00.000Z',
      interval_slug: '1_h',
      range_label: '2026-03-01 08:00 – 2026-03-02 08:00',
      interval_label: 'Varje timme',
    });
  });

  it('issue 21 Bad input: <matnat-panel range="from/to"> with from after till shows why, and asks for no data', async () => {
    const el = await mount(
      '<matnat-panel api-base="https://api.test" sensor-ids="1" range="2026-03-02T08:00/2026-03-01T08:00"></matnat-panel>',
    );
    await settle();
    expect(el.shadowRoot?.querySelector('[role="alert"]')?.textContent).toBe(
      'Perioden kan inte visas. Från måste ligga före Till.',
    );
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/measurements'))).toBe(false);
  });

  it('issue 21 point 2: <matnat-panel> asks for the alert periods of its sensors; show-alerts="false" turns them off', async () => {
    const alertCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/alert-periods'));
    await mount(
      '<matnat-panel api-base="https://api.test" embed-token="mtn_x" sensor-ids="1"></matnat-panel>',
    );
    expect(alertCalls().map(([u]) => String(u))).toEqual([
      'https://api.test/api/v1/sensor/1/alert-periods?range_slug=prev_5_days',
    ]);
    document.body.innerHTML = '';
    fetchMock.mockClear();
    const off = await mount(
      '<matnat-panel api-base="https://api.test" embed-token="mtn_x" sensor-ids="1" range="prev_24_h" show-alerts="false"></matnat-panel>',
    );
    expect(off.shadowRoot?.querySelector('.matnat-line-chart-panel')).not.toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('range_slug=prev_24_h'))).toBe(true);
    expect(alertCalls()).toEqual([]);
  });

  it('<matnat-product-list> wraps the shop list in its own provider (cards from GET /api/v1/product), the heading attribute labelling it', async () => {
    const el = await mount(
      '<matnat-product-list api-base="https://api.test" heading="Butik"></matnat-product-list>',
    );
    await vi.waitFor(() => expect(el.shadowRoot?.textContent).toContain('Temperaturspjut'));
    expect(el.shadowRoot?.querySelector('section.matnat-shop')?.getAttribute('aria-label')).toBe('Butik');
    expect(fetchMock.mock.calls.some(([u]) => String(u) === 'https://api.test/api/v1/product')).toBe(true);
  });

  it('<matnat-product-list> and <matnat-cart> naming one API share one cart, loaded once from /cart/retrieve', async () => {
    const host = document.createElement('div');
    host.innerHTML =
      '<matnat-product-list api-base="https://shop.test"></matnat-product-list><matnat-cart api-base="https://shop.test"></matnat-cart>';
    await act(async () => document.body.append(host));
    const [list, cart] = [...host.children] as HTMLElement[];
    await vi.waitFor(() => expect(cart!.shadowRoot?.textContent).toContain('Gateway'));
    const add = await vi.waitFor(() => {
      const button = list!.shadowRoot?.querySelector<HTMLButtonElement>(
        'button[aria-label^="Lägg i varukorgen"]',
      );
      if (!button) throw new Error('no add button yet');
      return button;
    });
    await act(async () => add.click());
    await vi.waitFor(() => expect(cart!.shadowRoot?.textContent).toContain('Temperaturspjut'));
    const retrieves = fetchMock.mock.calls.filter(([u]) => String(u) === 'https://shop.test/cart/retrieve');
    expect(retrieves).toHaveLength(1);
    const stores = fetchMock.mock.calls.filter(([u]) => String(u) === 'https://shop.test/cart/store');
    expect(JSON.parse(String((stores.at(-1)![1] as RequestInit).body))).toEqual({
      cart: [
        { id: 2, name: 'Gateway', price_ore: 1000 },
        { id: 1, name: 'Temperaturspjut', price_ore: 149_900 },
      ],
    });
  });
});
