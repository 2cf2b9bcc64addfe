import { useEffect, useRef, useState } from 'react';

/** Longest wait for the frame of a page in a background tab (it paints none); a visible page waits for it. */
const NO_FRAME_MS = 100;

/**
 * False until the browser has painted a frame after `ready` turned true. A screen shows its heading and
 * layout in that frame and mounts its heavy part after it: a dashboard's panels start their requests, the
 * chart library and the charts only once the title is on screen, instead of holding the title's first paint
 * behind them (on a phone the title waited for all of it: Lighthouse's largest contentful paint, issue 8).
 * The part appears below what was painted, so nothing on screen moves. `first` runs in the task after the
 * paint and the part mounts in the task after that: what `first` asks for goes out ahead of the part's own
 * requests (the dashboard's chart library before its panels' data).
 */
export function useAfterPaint(ready: boolean, first?: () => void): boolean {
  const [painted, setPainted] = useState(false);
  const firstRef = useRef(first);
  firstRef.current = first;
  useEffect(() => {
    if (!ready) return;
    let task: ReturnType<typeof setTimeout> | undefined;
    const done = () => setPainted(true);
    const afterPaint = () => {
      const first = firstRef.current;
      if (!first) return done();
      first();
      task = setTimeout(done, 0);
    };
    // An animation frame callback runs before its frame is painted; a task posted from it, after.
    const frame = requestAnimationFrame(() => {
      clearTimeout(fallback);
      task = setTimeout(afterPaint, 0);
    });
    // Only a hidden page goes without its frame: a visible one under load may take longer than 100 ms to paint,
    // and its title must still be on screen before the heavy part starts (a Playwright journey checks it).
    const fallback = setTimeout(() => {
      if (document.visibilityState === 'hidden') afterPaint();
    }, NO_FRAME_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(fallback);
      clearTimeout(task);
    };
  }, [ready]);
  return painted;
}
