import type { HttpClient, Query } from '../http';

/** Where and how to open GET /api/v1/stream (server-sent events: new readings, alert changes). */
export interface StreamRequest {
  url: string;
  /** For a fetch-based reader: an embed token travels in a header, which EventSource cannot send. */
  init: RequestInit;
}

export function streamRequest(http: HttpClient, query?: Query): StreamRequest {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  const embed = typeof http.auth === 'object';
  if (embed) headers.Authorization = `Bearer ${http.auth.embedToken}`;
  return {
    url: http.url('/api/v1/stream', query),
    init: { headers, credentials: embed ? 'omit' : 'include' },
  };
}
