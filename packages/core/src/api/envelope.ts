import type { HttpClient, RequestOptions } from '../http';

/** Every API answer wraps its payload (DESIGN §2). */
export interface Envelope<T> {
  data: T;
}

export const unwrap = <T>(response: Promise<Envelope<T>>): Promise<T> => response.then((r) => r.data);

/** GET `path` and unwrap its payload. */
export const getData = <T>(http: HttpClient, path: string, options?: RequestOptions): Promise<T> =>
  unwrap(http.get<Envelope<T>>(path, options));

/** POST `body` to `path` and unwrap the answer's payload. */
export const postData = <T>(http: HttpClient, path: string, body?: unknown): Promise<T> =>
  unwrap(http.post<Envelope<T>>(path, body));

/** PATCH `path` with `body` and unwrap the answer's payload. */
export const patchData = <T>(http: HttpClient, path: string, body: unknown): Promise<T> =>
  unwrap(http.patch<Envelope<T>>(path, body));
