import { useMessages } from '../messages';
import { useExternalStore, useOptionalMatnatClient } from '../provider';
import type { ToastItem, ToastLevel, ToastsStore } from '../provider/types';
import { Icon } from './icons';

export interface ToastProps {
  title?: string;
  message?: string;
  /** A failure shows the error icon and is announced assertively. @default true */
  success?: boolean;
  /** @default 'success' for a success, 'error' for a failure */
  level?: ToastLevel;
  /** The close button's action; without it there is no close button. */
  onClose?: () => void;
}

/** One notification. Closing after its timeout is the core toasts store's job (3000 ms by default). */
export function Toast({ title, message, success = true, level, onClose }: ToastProps) {
  const m = useMessages();
  const failure = !success || level === 'error';
  const classes = ['matnat-toast', failure ? 'matnat-toast--failure' : 'matnat-toast--success'];
  if (level === 'warn') classes.push('matnat-toast--warn');
  return (
    <div className={classes.join(' ')} role={failure ? 'alert' : 'status'}>
      {failure ? (
        <Icon name="error" className="matnat-toast__icon--failure" label={m.ui.error} />
      ) : (
        <Icon name="check-circle" className="matnat-toast__icon--success" />
      )}
      <div className="matnat-toast__body">
        {title && <p className="matnat-toast__title">{title}</p>}
        {message && <p className="matnat-toast__message">{message}</p>}
      </div>
      {onClose && (
        <button
          type="button"
          className="matnat-button matnat-button--borderless"
          aria-label={m.ui.close}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      )}
    </div>
  );
}

export interface ToastViewportProps {
  /** @default the provider client's toasts */
  store?: ToastsStore;
}

const none: readonly ToastItem[] = [];

/** Renders the core's visible toasts, newest last, each with a close button. */
export function ToastViewport({ store }: ToastViewportProps) {
  const m = useMessages();
  const client = useOptionalMatnatClient();
  const source = store ?? client?.toasts;
  const toasts = useExternalStore(source)?.toasts ?? none;
  const close = (id: number) => source?.close(id);
  return (
    <section className="matnat-toasts" aria-label={m.ui.toastRegion}>
      {toasts.map((toast) => (
        <Toast
          key={toast.id}
          message={toast.message}
          success={toast.success}
          level={toast.level}
          onClose={() => close(toast.id)}
        />
      ))}
    </section>
  );
}
