import { buildPath, type Notification } from '@matnat/core';
import { type BellNotification, NotificationBell, useQuery } from '@matnat/react';
import { useNavigate } from 'react-router';
import { matnat } from '../matnat';

const none: readonly Notification[] = [];

/** Spec §4: the unread ones are the bell's "new" notifications; read ones leave it. */
export const unread = (list: readonly Notification[]) => list.filter((n) => n.read_at === null);

/**
 * The bell on the core's notifications query (the core invalidates it on alert events of the stream and
 * after every notification mutation); a click marks the entry read and opens its alert, if it has one.
 */
export function Bell() {
  const navigate = useNavigate();
  const { data = none } = useQuery(matnat.queries.notifications());
  const shown = unread(data);
  const open = async ({ id }: BellNotification) => {
    const notification = shown.find((n) => n.id === id);
    if (!notification) return;
    await matnat.api.notifications.markRead(notification.id).catch(() => undefined);
    if (notification.alert_id != null) navigate(buildPath('alert.edit', { alert_id: notification.alert_id }));
  };
  return <NotificationBell notifications={shown} onNotificationClick={open} />;
}
