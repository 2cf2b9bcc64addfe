import { buildPath, type Notification } from '@matnat/core';
import { type BellNotification, NotificationBell, useQuery } from '@matnat/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { matnat } from '../matnat';
import { useIdle } from './useIdle';

/** The query families an alert change or a new notification on the live stream makes stale. */
const LIVE_FAMILIES = ['notifications', 'alerts', 'alert'];

/**
 * Issue 11: the bell updates without polling. While it is shown, the one stream also carries the alert
 * changes and notifications of the signed-in user (`alerts=1`), and each makes the bell's and the alert
 * screens' queries stale, so they refetch.
 */
function useLiveAlertEvents(): void {
  useEffect(
    () =>
      matnat.readings.onEvent(() => {
        void matnat.queryClient.invalidateQueries({
          predicate: (query) => LIVE_FAMILIES.includes(query.queryKey[0] as string),
        });
      }),
    [],
  );
}

const none: readonly Notification[] = [];

/** Spec §4: the unread ones are the bell's "new" notifications; read ones leave it. */
export const unread = (list: readonly Notification[]) => list.filter((n) => n.read_at === null);

/**
 * The bell on the core's notifications query (stale after every notification mutation and, above, every
 * live alert event); a click marks the entry read and opens its alert, if it has one. The list is asked for
 * at the page's first idle time, after the first screen's requests (issue 22); the stream's alert events
 * are joined at once, and the stream opens at idle time with the screen's sensors (`readingStream.ts`).
 */
export function Bell() {
  const navigate = useNavigate();
  useLiveAlertEvents();
  const idle = useIdle();
  const { data = none } = useQuery({ ...matnat.queries.notifications(), enabled: idle });
  const shown = unread(data);
  const open = async ({ id }: BellNotification) => {
    const notification = shown.find((n) => n.id === id);
    if (!notification) return;
    await matnat.mutations.notifications.markRead(notification.id).catch(() => undefined);
    if (notification.alert_id != null) navigate(buildPath('alert.edit', { alert_id: notification.alert_id }));
  };
  return <NotificationBell notifications={shown} onNotificationClick={open} now={matnat.platform.now} />;
}
