import type { ChartOptions, DeepPartial, Time } from 'lightweight-charts';
import { resolveColor, themeVar } from '../styles/theme';
import { formatReading } from './format';
import { formatTick, tickFormats } from './tickFormats';
import { formatLocalDateTime } from './timeFormat';

function timeOf(time: Time): number {
  return typeof time === 'number'
    ? time * 1000
    : Date.parse(typeof time === 'string' ? time : `${time.year}-${time.month}-${time.day}`);
}

/** The options every chart of ours is created with (the warm-up in chartLibrary.ts draws one too). */
export function baseOptions(
  locale: string,
  height: number,
  container: HTMLElement,
): DeepPartial<ChartOptions> {
  const ticks = tickFormats(locale);
  const text = resolveColor(themeVar('text'), container);
  // Lighter than the theme's default border: a grid behind the lines.
  const grid = resolveColor('var(--matnat-border, #e5e7eb)', container);
  return {
    autoSize: true,
    height,
    layout: { background: { color: 'transparent' }, textColor: text, attributionLogo: false },
    grid: { vertLines: { color: grid }, horzLines: { color: grid } },
    localization: {
      locale,
      timeFormatter: (time: Time) => formatLocalDateTime(timeOf(time), locale),
      // Called for every price label and scale measurement: a cached Intl.NumberFormat, not toLocaleString.
      priceFormatter: (price: number) => formatReading(price, locale, 2),
    },
    timeScale: {
      timeVisible: true,
      secondsVisible: false,
      // Thinned data has up to 4 points per pixel column (thinning.ts); the default minimum is 0.5 px.
      minBarSpacing: 0.001,
      // Edge labels are shifted inside the axis only when the edges are fixed; else "17 nov." shows as "7 nov.".
      fixLeftEdge: true,
      fixRightEdge: true,
      // A new width of the plot (the price axis widened for new data's labels, after "Återställ zoom") keeps
      // the bars in view: with a fixed left edge the library otherwise keeps the bar spacing and the left
      // edge, and the latest readings fall off the right (1 bar at 1280 px, 3 at 375 px).
      lockVisibleTimeRangeOnResize: true,
      tickMarkFormatter: (time: Time, type: number) => formatTick(ticks, timeOf(time), type),
    },
    // A tick label within half a line of the pane's top or bottom is left out, not drawn cut in half: the
    // library's default draws every tick inside the pane, and the lowest one lost its lower half (issue 21).
    rightPriceScale: { borderVisible: false, entireTextOnly: true },
  };
}
