// Script-tag build, opt-in: <script src="https://cdn.example.se/@matnat/react/dist/embed/basemap.js" defer>
// beside temperature-map.js (or panel.js, elements.js): their maps draw Natural Earth's land and borders
// when their tiles cannot load or data-tile-url="false". Loaded on demand instead with data-basemap-src.
import { drawBasemap } from '../maps/basemap';
import { BASEMAP_READY } from '../maps/basemapScript';

window.MatnatBasemap = { drawBasemap };
window.dispatchEvent(new Event(BASEMAP_READY));
