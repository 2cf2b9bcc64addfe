// The peer half of the map in `pnpm bench:render`: a plain page with Leaflet and the same GeoJSON
// (`GET /api/v1/public/temperature-map`), fetched as the script starts, one circle marker per spear, and
// the same performance mark as the script-tag temperature map sets at its first markers.
import L from 'leaflet';

const el = document.querySelector<HTMLElement>('[data-matnat-bench-map]') as HTMLElement;
const answer = fetch(`${el.dataset.apiBase ?? ''}/api/v1/public/temperature-map`).then((res) => res.json());
const map = L.map(el, { center: [62, 15], zoom: 4 });
L.tileLayer(el.dataset.tileUrl ?? '', { maxZoom: 19 }).addTo(map);

void answer.then((collection: GeoJSON.FeatureCollection<GeoJSON.Point>) => {
  const points: [number, number][] = [];
  for (const feature of collection.features) {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    points.push([lat, lng]);
    L.circleMarker([lat, lng], {
      radius: 9,
      color: '#ffffff',
      weight: 2,
      fillColor: '#0d9488',
      fillOpacity: 0.95,
    })
      .bindTooltip(String(feature.properties?.title ?? ''))
      .addTo(map);
  }
  map.fitBounds(points, { padding: [24, 24], maxZoom: 10 });
  performance.mark('matnat:temperature-map:first-marker');
});
