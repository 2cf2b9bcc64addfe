// Issue 22: only what is seen is drawn. Panels ask for their data and create their charts when they come
// near the viewport (the controllable IntersectionObserver of test/viewport.ts), in the viewport's order;
// the ones further down at idle time; none in a hidden tab, which also does not poll.
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chartMock, createChartModule } from '../test/chartMock';
import { viewport } from '../test/viewport';
import { expectPollingPaused, setHidden } from '../testing/pollingPaused';
import { settle, testCoreClient, widgetApi, withClient } from '../testing/widgetApi';
import { postTask } from '../widgets/oneWidgetPerTask';
import { NEAR_MARGIN } from '../widgets/seenQueue';
import { chartLibrary } from './chartLibrary';
import { LineChartPanel } from './LineChartPanel';
import { SingleValuePanel } from './SingleValuePanel';

vi.mock('lightweight-charts', () => createChartModule());

/** Idle periods come only when the test says so. */
const idle: (() => void)[] = [];
/** One idle period: it runs every callback asked for by then (the seen queue's one turn). */
const idlePeriod = () =>
  act(async () => {
    for (const run of idle.splice(0)) run();
  });

function setup() {
  const api = widgetApi();
  const wrapper = withClient(testCoreClient(api));
  const sensorsAsked = () => api.callsTo(/\/measurements$/).map((call) => Number(call.path.split('/')[4]));
  return { api, wrapper, sensorsAsked };
}

/** Three line-chart panels of sensors 1, 2, 3, in that order on the page. */
function threePanels(wrapper: ReturnType<typeof withClient>) {
  const { container } = render(
    [1, 2, 3].map((id) => <LineChartPanel key={id} items={[{ sensorId: id }]} filterKey={`p${id}`} />),
    { wrapper },
  );
  return [...container.querySelectorAll('.matnat-line-chart-panel')];
}

/** One report: the first panel on screen, the second two screens further down. */
const firstOnScreenSecondBelow = (one: Element, two: Element) =>
  act(async () =>
    viewport.report(
      new Map([
        [one, { top: 0, near: true }],
        [two, { top: 2000, near: false }],
      ]),
    ),
  );

describe('panels draw only what is seen (issue 22)', () => {
  beforeEach(async () => {
    await chartLibrary.load();
    chartMock.reset();
    idle.length = 0;
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    viewport.manual();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a panel below the fold asks for nothing and creates no chart until it is scrolled near the viewport', async () => {
    const { wrapper, sensorsAsked } = setup();
    const [panel] = threePanels(wrapper).slice(2);
    expect(viewport.margins()).toEqual([NEAR_MARGIN]);
    await act(async () => viewport.report(new Map([[panel!, { top: 2400, near: false }]])));
    await settle();
    expect(sensorsAsked()).toEqual([]);
    expect(chartMock.created).toBe(0);
    expect(panel!.getAttribute('aria-busy')).toBe('true');

    await act(async () => viewport.report(new Map([[panel!, { top: 600, near: true }]])));
    await settle();
    expect(sensorsAsked()).toEqual([3]);
    expect(chartMock.created).toBe(1);
    // Seen once is drawn for good: scrolled away, it stays and is no longer watched.
    expect(viewport.observed()).not.toContain(panel);
  });

  it("panels on screen at their mount are released from the layout, in the viewport's order, before the observer's first report", async () => {
    // The observer reports only after a frame and a task after it; a panel whose box is already laid out
    // on screen need not wait for that. Here the observer never reports: only the layout decides.
    const tops = [300, 2400, 100];
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const index = [...document.querySelectorAll('.matnat-line-chart-panel')].indexOf(this);
      const top = tops[index] ?? 0;
      return { top, bottom: top + 300, left: 0, right: 600, width: 600, height: 300 } as DOMRect;
    });
    const { wrapper, sensorsAsked } = setup();
    const [, two] = threePanels(wrapper);
    await settle();
    expect(window.innerHeight * 1.5).toBeLessThan(2400);
    expect(sensorsAsked()).toEqual([3, 1]);
    expect(chartMock.created).toBe(2);
    // The one below the fold waits for the observer (or its idle turn), as before.
    await act(async () => viewport.report(new Map([[two!, { top: 600, near: true }]])));
    await settle();
    expect(sensorsAsked()).toEqual([3, 1, 2]);
  });

  it('a box without layout (display: none, a server-rendered page before its styles) waits for the observer', async () => {
    const { wrapper, sensorsAsked } = setup();
    threePanels(wrapper);
    await settle();
    // happy-dom lays nothing out: every box is empty, so nothing is released before a report.
    expect(sensorsAsked()).toEqual([]);
    expect(chartMock.created).toBe(0);
  });

  it("asks for the panels' data in the viewport's order, not the page's", async () => {
    const { wrapper, sensorsAsked } = setup();
    const [one, two, three] = threePanels(wrapper);
    // A layout that shows the page's third panel first and its first one last (a partner's grid).
    await act(async () =>
      viewport.report(
        new Map([
          [one!, { top: 700, near: true }],
          [two!, { top: 300, left: 640, near: true }],
          [three!, { top: 300, left: 0, near: true }],
        ]),
      ),
    );
    await settle();
    expect(sensorsAsked()).toEqual([3, 2, 1]);
    expect(chartMock.created).toBe(3);
  });

  it('a screenful seen in one report renders one panel a task, in the viewport order', async () => {
    const { wrapper, sensorsAsked } = setup();
    const [one, two, three] = threePanels(wrapper);
    // What was asked for by the end of each task (microtasks included), from the report's on.
    const byTask: number[][] = [];
    const afterTask = () => new Promise<void>((resolve) => postTask(resolve));
    await act(async () => {
      viewport.report(
        new Map([
          [one!, { top: 700, near: true }],
          [two!, { top: 300, near: true }],
          [three!, { top: 0, near: true }],
        ]),
      );
      await Promise.resolve();
      byTask.push(sensorsAsked());
      await afterTask();
      byTask.push(sensorsAsked());
    });
    // The report's own task renders the first; the others each wait for a task of their own.
    expect(byTask).toEqual([[3], [3, 2]]);
    await settle();
    expect(sensorsAsked()).toEqual([3, 2, 1]);
    expect(chartMock.created).toBe(3);
  });

  it('panels further down follow one per idle period, in page order, after the ones on screen', async () => {
    const { wrapper, sensorsAsked } = setup();
    const [one, two, three] = threePanels(wrapper);
    await act(async () =>
      viewport.report(
        new Map([
          [one!, { top: 0, near: true }],
          [two!, { top: 3000, near: false }],
          [three!, { top: 1800, near: false }],
        ]),
      ),
    );
    await settle();
    expect(sensorsAsked()).toEqual([1]);
    await idlePeriod();
    await settle();
    expect(sensorsAsked()).toEqual([1, 3]);
    await idlePeriod();
    await settle();
    expect(sensorsAsked()).toEqual([1, 3, 2]);
    expect(chartMock.created).toBe(3);
    expect(idle).toHaveLength(0);
  });

  it('a tab hidden from the start creates no chart and asks for nothing until it is shown', async () => {
    const { wrapper, sensorsAsked } = setup();
    setHidden(true);
    const [one, two] = threePanels(wrapper);
    await firstOnScreenSecondBelow(one!, two!);
    await idlePeriod();
    await settle();
    expect(sensorsAsked()).toEqual([]);
    expect(chartMock.created).toBe(0);

    await act(async () => setHidden(false));
    await settle();
    expect(sensorsAsked()).toEqual([1]);
    expect(chartMock.created).toBe(1);
  });

  it("a tab hidden before a panel's idle turn releases nothing at that turn; shown again, the turn comes", async () => {
    const { wrapper, sensorsAsked } = setup();
    const [one, two] = threePanels(wrapper);
    await firstOnScreenSecondBelow(one!, two!);
    await settle();
    expect(sensorsAsked()).toEqual([1]);

    setHidden(true);
    await idlePeriod();
    await settle();
    expect(sensorsAsked()).toEqual([1]);
    expect(chartMock.created).toBe(1);
    expect(idle).toHaveLength(0);

    await act(async () => setHidden(false));
    await idlePeriod();
    await settle();
    expect(sensorsAsked()).toEqual([1, 2]);
    expect(chartMock.created).toBe(2);
  });

  it('a single-value panel asks for its reading only once seen', async () => {
    const { api, wrapper } = setup();
    const { container } = render(<SingleValuePanel sensorId={5} />, { wrapper });
    await settle();
    expect(api.callsTo(/\/latest$/)).toHaveLength(0);
    const box = container.querySelector('.matnat-single-value-panel')!;
    await act(async () => viewport.report(new Map([[box, { top: 0, near: true }]])));
    await settle();
    expect(api.callsTo(/\/latest$/)).toHaveLength(1);
  });

  it('without an IntersectionObserver (an old browser) every panel draws at once, as before', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { wrapper, sensorsAsked } = setup();
    threePanels(wrapper);
    await settle();
    expect(sensorsAsked()).toEqual([1, 2, 3]);
    expect(chartMock.created).toBe(3);
  });
});

describe('a hidden tab pauses polling; the live stream stays (issue 22)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('the app and React hosts (query-core): no refetch while hidden, one at once when shown again', async () => {
    await expectPollingPaused(testCoreClient);
  });
});
