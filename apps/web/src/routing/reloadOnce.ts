/** Spec §8–§9: a screen's chunk that has not loaded after this long counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;
/** sessionStorage key set just before the reload, so that a chunk failing again does not reload in a loop. */
export const RELOAD_FLAG_KEY = 'matnat.chunkReload';

export interface ReloadOnceOptions {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
  timeoutMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

function withTimeout<T>(load: () => Promise<T>, options: ReloadOnceOptions): Promise<T> {
  const { timeoutMs = CHUNK_TIMEOUT_MS, setTimer = setTimeout, clearTimer = clearTimeout } = options;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimer(
      () => reject(new Error(`The screen did not load within ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimer(timer as ReturnType<typeof setTimeout>);
        resolve(value);
      },
      (error: unknown) => {
        clearTimer(timer as ReturnType<typeof setTimeout>);
        reject(error);
      },
    );
  });
}

/**
 * The navigation finished and its screens are on the page: a later failed chunk may reload once again.
 * Not done per chunk: a layout's chunk that loads while the screen's chunk of the same navigation fails
 * would clear the flag, and the page would reload in a loop.
 */
export function clearReloadFlag(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(RELOAD_FLAG_KEY);
}

/**
 * Loads a lazy screen or layout. When it fails (or takes longer than 120 s) the page is reloaded once to
 * fetch the current build; if the flag shows this page load already was that reload, the error goes to the
 * error boundary instead. The flag is cleared once a navigation has rendered (`clearReloadFlag`).
 */
export async function loadWithReloadOnce<T>(load: () => Promise<T>, options: ReloadOnceOptions): Promise<T> {
  try {
    return await withTimeout(load, options);
  } catch (error) {
    if (options.storage.getItem(RELOAD_FLAG_KEY) !== null) throw error;
    options.storage.setItem(RELOAD_FLAG_KEY, String(Date.now()));
    options.reload();
    // The page is going away: keep the navigation pending rather than flash an error.
    return new Promise<T>(() => {});
  }
}

/** Where a navigation is headed: React Router's `state.navigation.location` while one is under way. */
export interface PendingLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * Issue 21 point 7: the page a failed chunk reloads into. During an in-app navigation the address bar
 * still shows the old page (the router commits the URL once the target's chunks loaded), so the reload
 * goes to the navigation's target; on the first page load there is none and the page reloads itself.
 */
export function reloadInto(pending: PendingLocation | undefined, page: Pick<Location, 'assign' | 'reload'>) {
  if (pending) page.assign(`${pending.pathname}${pending.search}${pending.hash}`);
  else page.reload();
}
