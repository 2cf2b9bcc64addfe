import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useMessages } from '../messages';
import { Button } from './Button';
import { useFocusTrap } from './useFocusTrap';

/**
 * Anything that announces route changes: the core router, a router's history. With `getSnapshot`, only a
 * change of the route (the snapshot's `current.fullPath`, else the snapshot itself) counts; without it,
 * every notification does.
 */
export interface RouteChangeSource {
  subscribe(listener: () => void): () => void;
  getSnapshot?(): unknown;
}

const routeOf = (source: RouteChangeSource): unknown => source.getSnapshot?.();

export interface ConfirmDialogProps {
  /** Whether the dialog shows. */
  open: boolean;
  title: ReactNode;
  /** The explanation under the title. @default undefined */
  children?: ReactNode;
  onConfirm: () => void;
  /** Called on the cancel button, Escape, a click on the backdrop, and a route change. */
  onCancel: () => void;
  /** @default 'Ta bort' (danger) / 'Fortsätt' (success) */
  confirmText?: string;
  /** @default 'Avbryt' */
  cancelText?: string;
  /**
   * The current route (a path, a location key): when it changes while the dialog is open, the dialog
   * cancels itself (spec §2).
   * @default undefined
   */
  routeKey?: unknown;
  /** Alternatively a source of route changes to listen to; any change cancels. @default undefined */
  routeChanges?: RouteChangeSource;
}

type Tone = 'danger' | 'success';

function ConfirmDialogBase({
  tone,
  open,
  title,
  children,
  onConfirm,
  onCancel,
  confirmText,
  cancelText,
  routeKey,
  routeChanges,
}: ConfirmDialogProps & { tone: Tone }) {
  const latestCancel = useRef(onCancel);
  latestCancel.current = onCancel;
  const openRef = useRef(open);
  openRef.current = open;
  // One cancel per opening, however many notifications arrive before the parent closes the dialog.
  const cancelled = useRef(false);
  useEffect(() => {
    if (open) cancelled.current = false;
  }, [open]);
  const cancelForRoute = () => {
    if (!openRef.current || cancelled.current) return;
    cancelled.current = true;
    latestCancel.current();
  };
  const cancelRef = useRef(cancelForRoute);
  cancelRef.current = cancelForRoute;

  const seenRoute = useRef(routeKey);
  useEffect(() => {
    if (Object.is(seenRoute.current, routeKey)) return;
    seenRoute.current = routeKey;
    cancelRef.current();
  }, [routeKey]);

  useEffect(() => {
    if (!routeChanges) return;
    let seen = routeOf(routeChanges);
    return routeChanges.subscribe(() => {
      const route = routeOf(routeChanges);
      if (routeChanges.getSnapshot && Object.is(route, seen)) return;
      seen = route;
      cancelRef.current();
    });
  }, [routeChanges]);

  if (!open) return null;
  return (
    <DialogPanel
      tone={tone}
      title={title}
      onConfirm={onConfirm}
      onCancel={onCancel}
      confirmText={confirmText}
      cancelText={cancelText}
    >
      {children}
    </DialogPanel>
  );
}

interface DialogPanelProps {
  tone: Tone;
  title: ReactNode;
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  confirmText?: string;
  cancelText?: string;
}

function DialogPanel({
  tone,
  title,
  children,
  onConfirm,
  onCancel,
  confirmText,
  cancelText,
}: DialogPanelProps) {
  const m = useMessages();
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // The safe choice gets focus first in a danger dialog, the confirm button in a success dialog.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const trapTab = useFocusTrap(dialogRef, tone === 'danger' ? cancelRef : confirmRef);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop cancels; Escape does the same
    <div
      className="matnat-dialog__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCancel();
      }}
    >
      <div
        ref={dialogRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={children ? `${id}-body` : undefined}
        className={`matnat-dialog matnat-dialog--${tone}`}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onCancel();
          } else trapTab(event);
        }}
      >
        <h2 id={`${id}-title`} className="matnat-dialog__title">
          {title}
        </h2>
        {children && (
          <div id={`${id}-body`} className="matnat-dialog__body">
            {children}
          </div>
        )}
        <div className="matnat-dialog__actions">
          <Button ref={cancelRef} variant="secondary" onClick={onCancel}>
            {cancelText ?? m.dialog.cancel}
          </Button>
          <Button ref={confirmRef} variant={tone === 'danger' ? 'remove' : 'primary'} onClick={onConfirm}>
            {confirmText ?? (tone === 'danger' ? m.dialog.dangerConfirm : m.dialog.successConfirm)}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Asks before something destructive: 'Ta bort' / 'Avbryt'. Cancels itself on a route change. */
export function ConfirmDangerDialog(props: ConfirmDialogProps) {
  return <ConfirmDialogBase tone="danger" {...props} />;
}

/** Asks before going on: 'Fortsätt' / 'Avbryt'. Cancels itself on a route change. */
export function ConfirmSuccessDialog(props: ConfirmDialogProps) {
  return <ConfirmDialogBase tone="success" {...props} />;
}
