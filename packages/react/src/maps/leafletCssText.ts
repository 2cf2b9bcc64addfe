// Leaflet's stylesheet as text, in a module of its own: the library build emits it as a separate entry
// (`@matnat/react/leaflet-css`) imported only when the first map is created, so the main entry does not
// carry it.
import css from 'leaflet/dist/leaflet.css?inline';

export const leafletCss: string = css;
