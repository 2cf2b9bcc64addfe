import type { TestClient } from './harness.js';

/** The partner origin the tests' embed tokens allow. */
export const PARTNER = 'https://partner.example';

/** Creates an embed token as `client` for a day; returns its id and plaintext token (throws unless 201). */
export async function createEmbedToken(
  client: TestClient,
  scopes: string[],
  allowedOrigins: string[] = [PARTNER],
): Promise<{ id: number; token: string }> {
  const response = await client.post('/api/v1/embed-token', {
    name: 'Partnersidan',
    scopes,
    allowed_origins: allowedOrigins,
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  });
  if (response.statusCode !== 201) throw new Error(`embed token: ${response.statusCode} ${response.body}`);
  return response.json().data;
}
