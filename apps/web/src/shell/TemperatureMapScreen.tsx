import type { MapBounds } from '@matnat/react';
import type { ReactNode } from 'react';
import { TemperatureMap } from './maps';

export interface TemperatureMapScreenProps {
  title: string;
  /** The region whose public spears are shown: `[[south, west], [north, east]]`. */
  bounds: MapBounds;
  /** The text and links under the map. */
  children: ReactNode;
}

/**
 * A public temperature-spear map screen: the kit's map with its colour scale. Below 640 px the map fills
 * the screen under the bar (edge to edge, the text below it); wider, it sits in the page at 70 % height.
 */
export function TemperatureMapScreen({ title, bounds, children }: TemperatureMapScreenProps) {
  return (
    <section className="-mx-3 -mt-6 sm:mx-0 sm:mt-0">
      <h1 className="sr-only text-2xl font-semibold text-slate-900 sm:not-sr-only sm:mb-4 sm:block">
        {title}
      </h1>
      <div className="[--temperature-map-height:calc(100dvh-57px)] sm:[--temperature-map-height:70vh] sm:overflow-hidden sm:rounded-lg sm:ring-1 sm:ring-slate-200">
        <TemperatureMap bounds={bounds} height="var(--temperature-map-height)" />
      </div>
      <div className="px-3 pt-4 text-slate-700 sm:px-0">{children}</div>
    </section>
  );
}
