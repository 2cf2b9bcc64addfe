import { whenIdle } from '@matnat/react';
import { useEffect, useState } from 'react';

/**
 * False until the page's first idle period after mount (the SDK's `whenIdle`, as its panels wait for theirs):
 * for what the first screen does not need (the bell's notifications), so that its request, answer and render
 * stay out of the start's requests and tasks.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
