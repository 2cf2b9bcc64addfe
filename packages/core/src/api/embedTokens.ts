import type { HttpClient } from '../http';
import { getData, postData } from './envelope';
import type { EmbedScripts, EmbedToken, EmbedTokenCreateBodyInput, EmbedTokenCreated, Id } from './types';

/** Read-only tokens for partner pages on other origins. */
export function embedTokensApi(http: HttpClient) {
  return {
    /** GET /api/v1/embed-token */
    list: (): Promise<EmbedToken[]> => getData(http, '/api/v1/embed-token'),
    /** POST /api/v1/embed-token: the answer carries the secret once. */
    create: (body: EmbedTokenCreateBodyInput): Promise<EmbedTokenCreated> =>
      postData(http, '/api/v1/embed-token', body),
    /** DELETE /api/v1/embed-token/{id}: revoke. */
    revoke: (id: Id): Promise<void> => http.delete<void>(`/api/v1/embed-token/${id}`),
    /** GET /api/v1/embed-script: the script-tag builds' versioned URLs and integrity hashes. */
    scripts: (): Promise<EmbedScripts> => getData(http, '/api/v1/embed-script'),
  };
}
