import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { LazyLibrary } from './lazyLibrary';
import { oneWidgetPerTask } from './oneWidgetPerTask';

export interface WidgetLifecycle<Lib, W> {
  create(lib: Lib, container: HTMLElement): W;
  destroy(widget: W): void;
}

/**
 * Creates an imperative widget (a chart, a map) once per mount in a layout effect and destroys it in the
 * cleanup, the way react-stripe-js mounts its Elements. Under StrictMode the mount/unmount/mount sequence
 * yields create, destroy, create: never two live widgets in one container. `create`/`destroy` are read
 * from a ref, so passing new closures on every render never recreates the widget. Widgets are created one
 * per task (`oneWidgetPerTask`): a page whose widgets all become ready at once does not block for all of them.
 */
export function useWidget<Lib, W>(
  containerRef: RefObject<HTMLElement | null>,
  library: LazyLibrary<Lib>,
  lifecycle: WidgetLifecycle<Lib, W>,
): W | null {
  const [widget, setWidget] = useState<W | null>(null);
  const lifecycleRef = useRef(lifecycle);
  lifecycleRef.current = lifecycle;

  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let created: W | null = null;
    let cancelled = false;
    // Outside this commit the widget renders in the task that created it: React would otherwise render
    // the widgets created in several tasks together, in one long task again.
    const mount = (lib: Lib, inCommit: boolean) =>
      oneWidgetPerTask((deferred) => {
        if (cancelled) return;
        const widget = lifecycleRef.current.create(lib, container);
        created = widget;
        if (inCommit && !deferred) setWidget(widget);
        else flushSync(() => setWidget(widget));
      });
    const lib = library.current();
    if (lib) mount(lib, true);
    else
      library.load().then(
        (loaded) => mount(loaded, false),
        (error: unknown) => console.error('[matnat] could not load a widget library', error),
      );
    return () => {
      cancelled = true;
      if (created) lifecycleRef.current.destroy(created);
      created = null;
      setWidget(null);
    };
  }, [containerRef, library]);

  return widget;
}
