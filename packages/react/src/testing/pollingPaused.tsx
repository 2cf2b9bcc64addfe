import { act, render } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { LineChartPanel } from '../charts/LineChartPanel';
import type { MatnatClientLike } from '../provider/types';
import { settle, type WidgetApi, widgetApi, withClient } from './widgetApi';

/** Hides or shows the page as a browser does when its tab goes to the background and back. */
export function setHidden(hidden: boolean) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(hidden ? 'hidden' : 'visible');
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

/**
 * Issue 22: a line chart refreshing every minute asks for nothing while its page is hidden (3 minutes),
 * keeps its live stream, and asks once at once when the page is shown again.
 */
export async function expectPollingPaused(client: (api: WidgetApi) => MatnatClientLike) {
  const api = widgetApi();
  const asked = () => api.callsTo(/\/measurements$/).length;
  render(<LineChartPanel items={[{ sensorId: 1 }]} interval="1_m" showAlerts={false} />, {
    wrapper: withClient(client(api)),
  });
  await settle();
  expect(asked()).toBe(1);
  await api.streamOpened();
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  setHidden(true);
  await act(async () => vi.advanceTimersByTime(3 * 60_000));
  expect(asked()).toBe(1);
  expect(api.openStreams()).toHaveLength(1);
  await act(async () => setHidden(false));
  vi.useRealTimers();
  await settle();
  expect(asked()).toBe(2);
}
