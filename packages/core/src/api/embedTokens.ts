import type { HttpClient } from '../http';
import { type Envelope, unwrap } from './envelope';
import type { EmbedToken, EmbedTokenCreateBodyInput, EmbedTokenCreated, Id } from './types';

/** Read-only tokens for partner pages on other origins. */
export function embedTokensApi(http: HttpClient) {
  return {
    /** GET /api/v1/embed-token */
    list: (): Promise<EmbedToken[]> => unwrap(http.get<Envelope<EmbedToken[]>>('/api/v1/embed-token')),
    /** POST /api/v1/embed-token: the answer carries the secret once. */
    create: (body: EmbedTokenCreateBodyInput): Promise<EmbedTokenCreated> =>
      unwrap(http.post<Envelope<EmbedTokenCreated>>('/api/v1/embed-token', body)),
    /** DELETE /api/v1/embed-token/{id}: revoke. */
    revoke: (id: Id): Promise<void> => http.delete<void>(`/api/v1/embed-token/${id}`),
  };
}
