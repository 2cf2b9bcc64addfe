import { notificationsActive, toEpochMs } from '@matnat/core';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { formatAge } from '../charts/format';
import { useMessages } from '../messages';
import { useVersionCheck } from '../provider';
import { Icon } from './icons';
import { useOutsidePointerDown } from './useOutsidePointerDown';

export interface BellNotification {
  id: string | number;
  title: string;
  /** When it was raised (ISO 8601 or epoch ms): shown as its age, 'för 5 minuter sedan' (issue 21). */
  created_at?: string | number | null;
}

export interface NotificationBellProps {
  /** @default the core's version check */
  newVersion?: boolean;
  /** @default [] */
  notifications?: readonly BellNotification[];
  /** What the new-version entry does. @default the core's reload */
  onReload?: () => void;
  onNotificationClick?: (notification: BellNotification) => void;
  /** Which edge of the bell the menu lines up with: 'end' for a bell at the right of a bar. @default 'end' */
  align?: 'start' | 'end';
  /** The clock the items' ages are counted from (tests). @default Date.now */
  now?: () => number;
}

const noNotifications: readonly BellNotification[] = [];

/** The bell menu: 'Inga nya notifikationer', or the new-version entry that reloads the page. */
export function NotificationBell({
  newVersion,
  notifications = noNotifications,
  onReload,
  onNotificationClick,
  align = 'end',
  now = Date.now,
}: NotificationBellProps) {
  const m = useMessages();
  const versionCheck = useVersionCheck();
  const hasNewVersion = newVersion ?? versionCheck.hasNewVersion;
  const reload = onReload ?? versionCheck.reload;
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(false);

  const items: { key: string; label: string; at?: number; run: () => void }[] = [];
  if (hasNewVersion) items.push({ key: 'new-version', label: m.notifications.newVersion, run: reload });
  for (const n of notifications) {
    const at = toEpochMs(n.created_at ?? undefined);
    items.push({
      key: `n-${n.id}`,
      label: n.title,
      at: Number.isNaN(at) ? undefined : at,
      run: () => onNotificationClick?.(n),
    });
  }
  const active = notificationsActive(hasNewVersion, notifications.length);
  const menuClass = align === 'start' ? 'matnat-bell__menu matnat-bell__menu--start' : 'matnat-bell__menu';

  useOutsidePointerDown(rootRef, open, () => setOpen(false));

  useEffect(() => {
    if (open && focusFirst.current) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    focusFirst.current = false;
  }, [open]);

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      focusFirst.current = true;
      setOpen(true);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = entries.indexOf(event.target as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      entries[(to + entries.length) % entries.length]?.focus();
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') setOpen(false);
    else if (entries.length === 0) return;
    else if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(entries.length - 1);
  }

  return (
    <div ref={rootRef} className="matnat-bell" data-active={active || undefined}>
      <button
        ref={buttonRef}
        type="button"
        className="matnat-bell__button"
        aria-label={m.notifications.label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKeyDown}
      >
        <Icon name="bell" />
        {active && <span className="matnat-bell__dot" data-testid="matnat-bell-dot" />}
      </button>
      {open && items.length === 0 && (
        <div id={`${id}-menu`} className={menuClass}>
          <p className="matnat-bell__empty">{m.notifications.none}</p>
        </div>
      )}
      {open && items.length > 0 && (
        <div
          ref={menuRef}
          id={`${id}-menu`}
          className={menuClass}
          role="menu"
          aria-label={m.notifications.label}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="matnat-bell__item"
              onClick={() => {
                setOpen(false);
                item.run();
              }}
            >
              {item.label}
              {item.at === undefined ? null : (
                <time className="matnat-bell__time" dateTime={new Date(item.at).toISOString()}>
                  {formatAge(item.at, now(), m.locale, m.panel.justNow)}
                </time>
              )}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
