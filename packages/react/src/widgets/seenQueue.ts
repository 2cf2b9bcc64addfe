import { oneWidgetPerTask } from './oneWidgetPerTask';

/** How far outside the viewport a panel counts as near it, in screens: half a screen, so scrolling finds it drawn. */
const NEAR = 0.5;
/** The observer's margin for `NEAR`, above and below the viewport. */
export const NEAR_MARGIN = `${NEAR * 100}% 0px`;

interface Watched {
  release(): void;
  /** Near the viewport, as the observer last said. */
  near?: boolean;
  /** Chosen, its release waiting for a task of its own. */
  queued?: boolean;
  /** Where the observer last saw it; unset until its first report. */
  top?: number;
  left?: number;
}

type Idle = (run: () => void) => void;

/**
 * Runs `run` in the main thread's next idle period (at most 2 s away; a short timeout where there is no
 * `requestIdleCallback`, Safari); returns the cancel.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(run, 50);
    return () => clearTimeout(timer);
  }
  const id = requestIdleCallback(run, { timeout: 2000 });
  return () => cancelIdleCallback(id);
}

/**
 * The page's one watch over its widgets' boxes: a widget is released (its data asked for, its chart created)
 * when its box comes near the viewport, those of one report in the viewport's order (top to bottom, then
 * left to right), and the ones further away one per idle period after that, in page order. Nothing is
 * released while the page is hidden (a background tab). Without an IntersectionObserver (an old browser)
 * every widget is released at once, as before.
 */
export function createSeenQueue(idle: Idle = whenIdle) {
  const watched = new Map<Element, Watched>();
  let observer: IntersectionObserver | null = null;
  /** The idle period asked for (one at a time), by the round of watching it belongs to. */
  let idleRound = -1;
  let round = 0;

  const forget = (element: Element) => {
    watched.delete(element);
    observer?.unobserve(element);
    if (watched.size || !observer) return;
    observer.disconnect();
    observer = null;
    idleRound = -1;
    round++;
    document.removeEventListener('visibilitychange', releaseNear);
  };

  /**
   * Releases the watched elements that pass `test`, in the viewport's order, one a task (the first at once):
   * each panel's first render with its data is a task of its own, not a screenful's in one long task
   * (issue 22). `one`: only the first. One forgotten or hidden before its turn is not released then.
   */
  const release = (test: (w: Watched) => boolean | undefined, one = false) => {
    const chosen = [...watched]
      .filter(([, w]) => !w.queued && test(w))
      .sort(
        ([, a], [, b]) => (a.top as number) - (b.top as number) || (a.left as number) - (b.left as number),
      )
      .slice(0, one ? 1 : undefined);
    for (const [element, w] of chosen) {
      w.queued = true;
      oneWidgetPerTask(() => {
        w.queued = false;
        if (watched.get(element) !== w || document.visibilityState === 'hidden') return;
        forget(element);
        w.release();
      });
    }
  };

  /** A hidden page releases nothing (and asks for no idle periods) until it is shown again. */
  function releaseNear() {
    if (document.visibilityState === 'hidden') return;
    release((w) => w.near);
    if (idleRound === round || !watched.size) return;
    idleRound = round;
    const asked = round;
    idle(() => {
      if (asked !== round) return;
      idleRound = -1;
      if (document.visibilityState !== 'hidden') release((w) => w.top !== undefined, true);
      releaseNear();
    });
  }

  const observe = (entries: IntersectionObserverEntry[]) => {
    for (const entry of entries) {
      const w = watched.get(entry.target);
      if (!w) continue;
      w.near = entry.isIntersecting;
      w.top = entry.boundingClientRect.top;
      w.left = entry.boundingClientRect.left;
    }
    releaseNear();
  };

  /** Calls `onSeen` once: when the element comes near the viewport, or at its idle turn. Undone by the result. */
  return function watch(element: Element, onSeen: () => void): () => void {
    if (typeof IntersectionObserver === 'undefined') {
      let cancelled = false;
      queueMicrotask(() => cancelled || onSeen());
      return () => {
        cancelled = true;
      };
    }
    if (!observer) {
      observer = new IntersectionObserver(observe, { rootMargin: NEAR_MARGIN });
      document.addEventListener('visibilitychange', releaseNear);
    }
    // A first look at the layout (issue 22): the observer's first report comes only after the next frame and
    // a task after that, and a panel already on screen at its mount need not wait for it. A box that is laid
    // out (not `display: none`, not a server's or a test DOM's empty box) and starts above the near margin's
    // lower edge (`NEAR`) is near now. Only that edge is checked, not the sides nor the top: a
    // carousel's slide beside the screen, or a panel above a scroll position restored at mount, is drawn with
    // the screenful. An empty box waits for the observer, whose reports win from then on. Released in a
    // microtask, after the watches of one commit, in the viewport's order (boxes side by side in the page's
    // order: a stable sort).
    const box = element.getBoundingClientRect();
    watched.set(
      element,
      box.height
        ? { release: onSeen, near: box.top < innerHeight * (1 + NEAR), top: box.top }
        : { release: onSeen },
    );
    observer.observe(element);
    queueMicrotask(releaseNear);
    return () => forget(element);
  };
}

/** The page's one queue: every panel of every provider on the page takes its turn in it. */
export const watchSeen = createSeenQueue();
