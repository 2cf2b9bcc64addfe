import { formatTitle } from '@matnat/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Issue 21 point 7: a screen that shows one thing names it in the tab ('Skogens temperaturer · Mätnät'),
 * once it has loaded; until then the route's own title stands (AppRoot sets it on every navigation, in a
 * layout effect: before this one runs).
 */
export function usePageTitle(title: string | null | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    // Again on every navigation (the pathname), after AppRoot has set the route's title.
    if (pathname && title?.trim()) document.title = formatTitle(title.trim());
  }, [title, pathname]);
}
