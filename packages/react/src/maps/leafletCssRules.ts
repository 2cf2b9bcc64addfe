// Build time only (tsup.config.ts's inline CSS): the rules of Leaflet's stylesheet for the parts of Leaflet the
// kit's maps never create. `LeafletLibrary` (leafletLibrary.ts) is all a map may call: map, tileLayer,
// layerGroup, circleMarker and the zoom control; so no marker icons or their shadows, no image or video
// overlays, no layers or scale control; and the VML and `leaflet-oldie` rules are for Internet Explorer.

/** A selector naming one of those parts. */
const UNUSED =
  /\.leaflet-(marker-icon|marker-shadow|marker-draggable|image-layer|control-layers|control-scale|default-icon-path|vml-shape|oldie)\b|\.lvml\b/;

/**
 * Minified CSS without the selectors of the parts above: a rule keeps the selectors of its list that name
 * none of them, and goes when none is left (a rule inside `@media print` alike; the at-rule stays).
 */
export function dropUnusedLeafletRules(css: string): string {
  return css.replace(/([^{}]+)\{([^{}]*)\}/g, (rule, selectors: string, body: string) => {
    const list = selectors.split(',');
    const kept = list.filter((selector) => !UNUSED.test(selector));
    if (kept.length === list.length) return rule;
    return kept.length ? `${kept.join(',')}{${body}}` : '';
  });
}
