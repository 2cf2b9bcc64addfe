import type { WidgetClient } from '@matnat/core';
import { useMatnatClient } from '../provider/context';
import { required } from '../provider/required';
import type { MatnatClientLike, TimeFilterStoreLike } from '../provider/types';

/** The client parts panels and maps read through, all present. */
export type WidgetClientLike = MatnatClientLike &
  Pick<WidgetClient, 'queries' | 'readings'> & {
    timeFilters: TimeFilterStoreLike;
    localSettings: NonNullable<MatnatClientLike['localSettings']>;
  };

/**
 * The nearest provider's client, checked to carry the parts a widget reads through (a script tag's client
 * may carry only those its widget needs: the temperature map's has just its query).
 */
export function useWidgetClient<K extends keyof WidgetClientLike>(
  ...parts: K[]
): MatnatClientLike & Pick<WidgetClientLike, K> {
  const client = useMatnatClient();
  for (const part of parts) required(client[part], part);
  return client as MatnatClientLike & Pick<WidgetClientLike, K>;
}
