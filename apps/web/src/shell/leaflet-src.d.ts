// Leaflet's ES module sources (see leaflet.ts) ship without types; the kit types the maps with @types/leaflet.
declare module 'leaflet/src/*';
