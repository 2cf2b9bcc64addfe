import type { StyleSheetSource } from '../styles/injectStyles';
import { breakpoints, themeVar as v } from '../styles/theme';

const R = '.matnat-root';

/**
 * The elements the widgets render that host pages commonly style by tag (`h3 { color }`, `button {
 * text-transform }`, `p { text-decoration }`). Not `div`, `span`, `a` or `img`: Leaflet's own rules style those.
 */
const HOST_STYLED =
  'h1,h2,h3,h4,h5,h6,p,ul,ol,li,figure,figcaption,button,select,option,label,small,strong,time,header,section:not(.leaflet-container)';

/**
 * Styles of the panels, time filter and maps; scoped under `.matnat-root` like the UI kit's. The root
 * resets what it would inherit from the host page, and inside a widget the tags above are reverted to the
 * browser's own style before the widget's classes style them (two classes outrank a host's `.content h3`). Panels
 * lay out by their own width (container queries), not the viewport's. In four parts, so that a script tag
 * carries only its widget's: what every widget has, the panels' (and time filter's), the time picker's, the
 * maps'. Each sheet reverts the tags inside its own widgets only: a page holds several sheets (put first in
 * the order their widgets mount), and a later sheet's revert of every widget's tags undid the rules of an
 * earlier one's (a dashboard's panels lost their legend's and title's styles under the time picker's sheet).
 */
const baseCss = (widgets: string) => `
${R}{all:initial;display:block;box-sizing:border-box;font-family:${v('font')};font-size:${v('font-size')};color:${v('text')};line-height:1.5;min-width:0}
${R} :is(${widgets}) :where(${HOST_STYLED}){all:revert;box-sizing:border-box}
${R} .matnat-widget-button{display:inline-flex;align-items:center;min-height:2.5rem;padding:.5rem 1rem;border:1px solid ${v('border')};border-radius:${v('radius')};background:${v('surface')};color:${v('text')};font:inherit;font-size:.875rem;font-weight:600;cursor:pointer}
${R} .matnat-widget-button:hover{background:${v('surface-alt')}}
${R} .matnat-widget-button:focus-visible{outline:2px solid ${v('focus')};outline-offset:2px}
${R} .matnat-widget-button:disabled{opacity:.5;cursor:not-allowed}
`;

const panelCss = () => `
${R} .matnat-chart{overflow:hidden;min-width:0}
${R} .matnat-chart--stale canvas,${R} [aria-busy=true] .matnat-sparkline{opacity:.4}
${R} .matnat-panel{container-type:inline-size;box-sizing:border-box;display:flex;flex-direction:column;gap:.75rem;padding:1rem;border:1px solid ${v('border')};border-radius:${v('radius')};background:${v('surface')};min-width:0}
${R} .matnat-panel__header{display:flex;flex-direction:column;gap:.5rem}
${R} .matnat-panel__title{margin:0;font-size:1.125rem;font-weight:600}
${R} .matnat-panel__tools{display:flex;flex-wrap:wrap;align-items:flex-end;gap:.5rem}
${R} .matnat-panel__legend{display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0;padding:0;list-style:none;font-size:.875rem;color:${v('muted')}}
${R} .matnat-panel__swatch{display:inline-block;width:.75rem;height:.75rem;margin-right:.375rem;border-radius:2px;vertical-align:-1px}
${R} .matnat-panel__rule{display:inline-block;width:.875rem;margin-right:.375rem;border-top:2px solid;vertical-align:.25rem}
${R} .matnat-panel__body{position:relative;min-height:2rem}
${R} .matnat-panel__status{margin:0;color:${v('muted')}}
${R} .matnat-panel__body .matnat-panel__status{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;pointer-events:none}
${R} .matnat-time-filter{display:grid;grid-template-columns:1fr;gap:.25rem;font-size:.875rem}
${R} .matnat-time-filter label{color:${v('muted')}}
${R} .matnat-time-filter select{min-height:2.5rem;padding:.25rem .5rem;border:1px solid ${v('border')};border-radius:${v('radius')};background:${v('surface')};color:${v('text')};font:inherit}
${R} .matnat-time-filter select:focus-visible{outline:2px solid ${v('focus')};outline-offset:2px}
${R} .matnat-single-value{margin:0;font-size:2.5rem;font-weight:600;line-height:1.1;color:${v('primary')}}
${R} .matnat-single-value__unit{font-size:1.25rem;color:${v('muted')}}
${R} .matnat-single-value__age{margin:0;font-size:.875rem;color:${v('muted')}}
${R} .matnat-single-value__age--stale{color:${v('warn')};font-weight:600}
${R} .matnat-single-value-panel__reading{display:flex;flex-wrap:wrap;align-items:baseline;gap:.25rem .75rem}
${R} .matnat-single-value__step{margin:0;font-size:.875rem;font-weight:600}
${R} .matnat-single-value--none{color:${v('muted')};font-size:1.75rem}
${R} .matnat-sparkline{display:block;width:100%;height:2rem;overflow:visible}
@container (min-width:${breakpoints.md}px){
${R} .matnat-panel__header{flex-direction:row;align-items:flex-end;justify-content:space-between}
${R} .matnat-time-filter{grid-template-columns:auto auto;grid-auto-flow:column;grid-template-rows:auto auto}
}
`;

/** The compact time picker's (the UI kit's `TimePicker`): not the panels', which show `TimeFilterSelect`. */
const pickerCss = () => `
${R} .matnat-time-picker{position:relative;display:inline-block;max-width:100%;font-size:.875rem}
${R} .matnat-time-picker__button{display:inline-flex;flex-wrap:wrap;align-items:center;gap:0 .5rem;max-width:100%;min-height:2.5rem;padding:.375rem .75rem;border:1px solid ${v('border')};border-radius:${v('radius')};background:${v('surface')};color:${v('text')};font:inherit;text-align:left;cursor:pointer}
${R} .matnat-time-picker__button:hover,${R} .matnat-time-picker__preset:hover{background:${v('surface-alt')}}
${R} .matnat-time-picker__button:disabled{opacity:.5;cursor:not-allowed}
${R} .matnat-time-picker__range{font-weight:600}
${R} .matnat-time-picker__interval{color:${v('muted')}}
${R} .matnat-time-picker :is(button,input,select):focus-visible{outline:2px solid ${v('focus')};outline-offset:2px}
${R} .matnat-time-picker__panel{position:absolute;z-index:${v('z-index')};top:calc(100% + .25rem);left:0;box-sizing:border-box;width:min(34rem,calc(100vw - 2rem));display:grid;gap:1rem;padding:.75rem;background:${v('surface')};border:1px solid ${v('border')};border-radius:${v('radius')};box-shadow:${v('shadow')}}
${R} .matnat-time-picker__group{min-width:0;margin:0;padding:0;border:0}
${R} .matnat-time-picker__heading{margin:0 0 .25rem;padding:0;font-weight:600}
${R} .matnat-time-picker__presets{display:grid;grid-template-columns:repeat(auto-fill,minmax(9.5rem,1fr));gap:.25rem;margin:0;padding:0;list-style:none}
${R} .matnat-time-picker__preset{box-sizing:border-box;width:100%;min-height:2.25rem;padding:.25rem .5rem;border:1px solid transparent;border-radius:${v('radius')};background:transparent;color:${v('text')};font:inherit;text-align:left;cursor:pointer}
${R} .matnat-time-picker__preset[aria-pressed="true"]{border-color:${v('primary')};color:${v('primary')};font-weight:600}
${R} .matnat-time-picker__custom{display:flex;flex-wrap:wrap;align-items:flex-end;gap:.5rem}
${R} .matnat-time-picker__custom .matnat-time-picker__heading{flex-basis:100%}
${R} .matnat-time-picker__field{display:grid;gap:.25rem}
${R} .matnat-time-picker__field label{color:${v('muted')}}
${R} .matnat-time-picker :is(input,select){box-sizing:border-box;min-height:2.5rem;padding:.25rem .5rem;border:1px solid ${v('border')};border-radius:${v('radius')};background:${v('surface')};color:${v('text')};font:inherit}
${R} .matnat-time-picker__error{margin:0;color:${v('danger')}}
`;

const mapCss = () => `
${R} .matnat-map .matnat-widget-button{box-shadow:0 1px 4px rgba(0,0,0,.2)}
${R} .matnat-map{position:relative;border-radius:${v('radius')};overflow:hidden;border:1px solid ${v('border')}}
${R} .matnat-map__canvas{width:100%;z-index:0}
${R} .matnat-map__toggle{position:absolute;top:.5rem;right:.5rem;z-index:1000}
${R} .matnat-map__status{position:absolute;top:.5rem;left:3.5rem;z-index:1000;margin:0;padding:.25rem .5rem;border-radius:${v('radius')};background:${v('surface')};color:${v('danger')}}
${R} .matnat-device-marker{fill:${v('primary')}}
${R} .matnat-state--ok{--matnat-state-color:${v('success')}}
${R} .matnat-state--silent{--matnat-state-color:#d97706}
${R} .matnat-state--alarm{--matnat-state-color:${v('danger')}}
${R} .matnat-state--unheard{--matnat-state-color:#9ca3af}
${R} .matnat-device-marker[class*="matnat-state--"]{fill:var(--matnat-state-color)}
${R} .matnat-legend{position:absolute;left:.5rem;bottom:1.5rem;z-index:1000;margin:0;padding:.5rem .75rem;width:12rem;max-width:calc(100% - 2rem);box-sizing:border-box;border-radius:${v('radius')};background:rgba(255,255,255,.92);box-shadow:0 1px 4px rgba(0,0,0,.2);font-size:.75rem}
${R} .matnat-legend figcaption{font-weight:600;margin-bottom:.25rem}
${R} .matnat-legend__bar{height:.625rem;border-radius:2px}
${R} .matnat-legend__ticks{display:flex;justify-content:space-between;margin-top:.125rem;color:${v('muted')}}
${R} .matnat-legend--states{width:auto;min-width:8rem}
${R} .matnat-legend--states ul{margin:0;padding:0;list-style:none;display:grid;gap:.125rem}
${R} .matnat-legend__dot{display:inline-block;width:.75rem;height:.75rem;margin-right:.375rem;border-radius:50%;background:var(--matnat-state-color);box-shadow:0 0 0 1px rgba(0,0,0,.3);vertical-align:-1px}
${R} .matnat-legend__count{color:${v('muted')}}
${R} .matnat-popup ul{margin:.25rem 0 0;padding-left:1rem}
${R} .matnat-popup p{margin:.25rem 0 0}
${R} .matnat-popup__link{display:inline-block;margin-top:.375rem;color:${v('primary')};font-weight:600}
`;

/**
 * A sheet whose text is put together when its module loads; `@__PURE__` at each use lets a bundle that
 * never uses a sheet drop it and its text (a template calling `themeVar` is otherwise kept).
 */
const sheet = (id: string, css: () => string): StyleSheetSource => ({ id, css: css() });

/** The sheet a panel or time filter puts into its root (`WidgetRoot`). */
export const panelStyles = /* @__PURE__ */ sheet(
  'matnat-widgets-panel',
  () => baseCss('.matnat-panel,.matnat-time-filter') + panelCss(),
);

/** The sheet `TimePicker` puts into its root: a script tag's panels carry none of it. */
export const pickerStyles = /* @__PURE__ */ sheet(
  'matnat-widgets-picker',
  () => baseCss('.matnat-time-picker') + pickerCss(),
);

/** The sheet a map puts into its root (`WidgetRoot`). */
export const mapStyles = /* @__PURE__ */ sheet('matnat-widgets-map', () => baseCss('.matnat-map') + mapCss());

/** Every widget's styles in one sheet, for a host that injects them itself. */
export const widgetStyles = /* @__PURE__ */ sheet(
  'matnat-widgets',
  () => panelStyles.css + pickerStyles.css + mapStyles.css,
);
