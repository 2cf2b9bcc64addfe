// Where the widgets find the Mätnät API and the map tiles: read on the server at request time.
export function matnatSettings() {
  return {
    baseUrl: process.env.MATNAT_API_BASE ?? 'http://127.0.0.1:3000',
    embedToken: process.env.MATNAT_EMBED_TOKEN ?? 'mtn_demo_embed_token',
    tileUrl: process.env.MATNAT_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  };
}
