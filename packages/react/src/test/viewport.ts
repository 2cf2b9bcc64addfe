// A controllable IntersectionObserver for the unit tests (happy-dom's never reports). By default every
// observed element is reported near the viewport at once, as a browser reports a panel on screen; a test
// calls `viewport.manual()` to report boxes itself (`viewport.report`), as scrolling would.
import { afterEach } from 'vitest';

interface Box {
  top: number;
  left?: number;
  near: boolean;
}

const observers = new Set<FakeIntersectionObserver>();
let auto = true;

class FakeIntersectionObserver {
  readonly targets = new Set<Element>();
  readonly rootMargin: string;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options: IntersectionObserverInit = {},
  ) {
    this.rootMargin = options.rootMargin ?? '0px';
    observers.add(this);
  }
  observe(target: Element) {
    this.targets.add(target);
    if (auto) queueMicrotask(() => this.targets.has(target) && this.send(target, { top: 0, near: true }));
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    observers.delete(this);
  }
  takeRecords() {
    return [];
  }
  send(target: Element, box: Box) {
    const rect = { top: box.top, left: box.left ?? 0 } as DOMRectReadOnly;
    const entry = { target, isIntersecting: box.near, boundingClientRect: rect } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
  sendAll(boxes: Map<Element, Box>) {
    const entries = [...boxes]
      .filter(([target]) => this.targets.has(target))
      .map(
        ([target, box]) =>
          ({
            target,
            isIntersecting: box.near,
            boundingClientRect: { top: box.top, left: box.left ?? 0 } as DOMRectReadOnly,
          }) as IntersectionObserverEntry,
      );
    if (entries.length) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

// Not in the server-rendering tests' node environment, which has none.
if (typeof window !== 'undefined')
  globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;

export const viewport = {
  /** Stop reporting observed elements near at once: the test reports boxes itself. */
  manual() {
    auto = false;
  },
  /** Every element observed now, in the order observed. */
  observed(): Element[] {
    return [...observers].flatMap((o) => [...o.targets]);
  },
  /** The observers' margins (what counts as near). */
  margins(): string[] {
    return [...observers].map((o) => o.rootMargin);
  },
  /** One report of the boxes' positions, as a browser sends after a layout or a scroll. */
  report(boxes: Map<Element, Box>) {
    for (const observer of [...observers]) observer.sendAll(boxes);
  },
};

afterEach(() => {
  auto = true;
});
