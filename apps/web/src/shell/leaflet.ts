// The part of Leaflet that the kit's maps use, built from Leaflet's ES module sources: `vite.config.ts` points
// `leaflet` here. Leaflet's bundles register every layer and control at import time, so nothing in them is
// tree-shaken; this leaves out markers and icons, GeoJSON, polylines and polygons, image and video overlays
// and the layers and scale controls (issue 9's JS budget for /temperaturspjut). What a map does by default
// stays: every interaction handler, the zoom and attribution controls, tooltips and popups.
import 'leaflet/src/control/Control.Attribution.js';
import { zoom } from 'leaflet/src/control/Control.Zoom.js';
import 'leaflet/src/layer/Popup.js';
import 'leaflet/src/layer/Tooltip.js';
import 'leaflet/src/layer/vector/Renderer.getRenderer.js';

export { layerGroup } from 'leaflet/src/layer/LayerGroup.js';
export { tileLayer } from 'leaflet/src/layer/tile/TileLayer.js';
export { circleMarker } from 'leaflet/src/layer/vector/CircleMarker.js';
export { map } from 'leaflet/src/map/index.js';

/** The zoom control, added by the kit's maps with titles in the messages' language. */
export const control = { zoom };
