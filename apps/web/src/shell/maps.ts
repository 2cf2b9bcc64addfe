// Leaflet's stylesheet as a CSS file of the map screens' chunks, loaded before their script runs: the kit's
// maps find it in the document and do not load their JavaScript copy of it (issue 9's JS budget for
// /temperaturspjut). Every screen with a map takes its map from here.
import 'leaflet/dist/leaflet.css';

export { DeviceMap, TemperatureMap } from '@matnat/react';
