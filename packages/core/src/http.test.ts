import { describe, expect, it, vi } from 'vitest';
import { fakePlatform, fakeServer } from '../test/fakeServer';
import {
  CsrfMismatchError,
  ForbiddenError,
  HttpError,
  isClientError,
  NotFoundError,
  ServerError,
  TooManyRequestsError,
  UnauthenticatedError,
  ValidationError,
} from './errors';
import { createHttpClient, type HttpClientOptions, withQuery } from './http';

function setup(options: Partial<HttpClientOptions> = {}, cookie: string | undefined = 'tok%3D%3D') {
  const server = fakeServer(options.baseUrl);
  const platform = fakePlatform(server);
  const readCookie = vi.fn((name: string) => (name === 'XSRF-TOKEN' ? cookie : undefined));
  const http = createHttpClient({ platform, readCookie, ...options });
  return { server, platform, http, readCookie };
}

describe('spec §7: all calls go with JSON; success is status 200 to 299; no timeout', () => {
  it('sends and parses JSON with credentials included', async () => {
    const { server, http } = setup();
    server.on('POST /api/v1/dashboard', { status: 201, body: { data: { id: 1 } } });
    await expect(http.post('/api/v1/dashboard', { title: 'A' })).resolves.toEqual({ data: { id: 1 } });
    const call = server.last();
    expect(call.headers).toMatchObject({ Accept: 'application/json', 'Content-Type': 'application/json' });
    expect(call.body).toEqual({ title: 'A' });
    expect(call.credentials).toBe('include');
  });

  it('treats every status from 200 to 299 as success and 204 as an empty body', async () => {
    const { server, http } = setup();
    server.on('GET /a', { status: 299, body: { ok: 1 } }).on('DELETE /b', { status: 204 });
    await expect(http.get('/a')).resolves.toEqual({ ok: 1 });
    await expect(http.delete('/b')).resolves.toBeUndefined();
  });

  it('rejects 300 and above (a 304 is not success)', async () => {
    const { server, http } = setup();
    server.on('GET /a', { status: 304 });
    await expect(http.get('/a')).rejects.toBeInstanceOf(HttpError);
  });

  it('sets no timeout: no abort signal unless the caller passes one', async () => {
    const { server, http } = setup();
    server.on('GET /a', { body: {} });
    await http.get('/a');
    expect(
      (server.fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0]![1].signal,
    ).toBe(undefined);
    const controller = new AbortController();
    await http.get('/a', { signal: controller.signal });
    expect(
      (server.fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[1]![1].signal,
    ).toBe(controller.signal);
  });

  it('keeps a non-JSON body as text', async () => {
    const { server, http } = setup();
    server.on('GET /a', { status: 502, body: '<html>Bad gateway</html>' });
    const error = await http.get('/a').catch((e: HttpError) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as HttpError).body).toBe('<html>Bad gateway</html>');
  });

  it('builds query strings with readable include lists and skips empty values', () => {
    expect(
      withQuery('/api/v1/device/', { include: 'sensors,teams', 'filter[unassigned]': 1, x: undefined }),
    ).toBe('/api/v1/device/?include=sensors,teams&filter[unassigned]=1');
    expect(withQuery('/a?b=1', { from: '2024-01-01 10:00' })).toBe('/a?b=1&from=2024-01-01%2010%3A00');
    expect(withQuery('/a')).toBe('/a');
  });
});

describe('spec §7: anti-forgery cookie and header are used', () => {
  it('GETs /sanctum/csrf-cookie before the first mutating request only, then echoes XSRF-TOKEN URL-decoded', async () => {
    const { server, http } = setup();
    server.on('GET /a', { body: {} }).on('POST /b', { body: {} }).on('PATCH /c', { body: {} });
    await http.get('/a');
    expect(server.calls.map((c) => c.url)).toEqual(['/a']);
    expect(server.calls[0]!.headers['X-XSRF-TOKEN']).toBeUndefined();
    await http.post('/b');
    await http.patch('/c', {});
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /a',
      'GET /sanctum/csrf-cookie',
      'POST /b',
      'PATCH /c',
    ]);
    expect(server.calls[2]!.headers['X-XSRF-TOKEN']).toBe('tok==');
    expect(server.calls[3]!.headers['X-XSRF-TOKEN']).toBe('tok==');
  });

  it('sends the header on POST, PUT, PATCH and DELETE', async () => {
    const { server, http } = setup();
    for (const m of ['POST', 'PUT', 'PATCH', 'DELETE']) server.on(`${m} /x`, { status: 204 });
    await http.post('/x');
    await http.request('PUT', '/x', { body: {} });
    await http.patch('/x', {});
    await http.delete('/x');
    const mutating = server.calls.filter((c) => c.url === '/x');
    expect(mutating.map((c) => c.method)).toEqual(['POST', 'PUT', 'PATCH', 'DELETE']);
    expect(mutating.every((c) => c.headers['X-XSRF-TOKEN'] === 'tok==')).toBe(true);
  });

  it('reads the cookie anew for every request (the server rotates it at login)', async () => {
    const { server, http, readCookie } = setup();
    server.on('POST /x', { status: 204 });
    await http.post('/x');
    readCookie.mockReturnValue('second');
    await http.post('/x');
    expect(server.last().headers['X-XSRF-TOKEN']).toBe('second');
  });

  it('shares one cookie fetch between concurrent first requests', async () => {
    const { server, http } = setup();
    server.on('POST /x', { status: 204 });
    await Promise.all([http.post('/x'), http.post('/x')]);
    expect(server.calls.filter((c) => c.url === '/sanctum/csrf-cookie')).toHaveLength(1);
  });

  it('on 419 refreshes the cookie once and retries once', async () => {
    const { server, http } = setup();
    server
      .once('POST /x', { status: 419, body: { message: 'CSRF token mismatch.' } })
      .on('POST /x', { body: { ok: 1 } });
    await expect(http.post('/x', { a: 1 })).resolves.toEqual({ ok: 1 });
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /x',
      'GET /sanctum/csrf-cookie',
      'POST /x',
    ]);
    expect(server.last().body).toEqual({ a: 1 });
  });

  it('a second 419 rejects with CsrfMismatchError (no endless retry)', async () => {
    const { server, http } = setup();
    server.on('POST /x', { status: 419, body: { message: 'CSRF token mismatch.' } });
    const error = await http.post('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CsrfMismatchError);
    expect((error as Error).message).toBe('CSRF token mismatch.');
    expect(server.calls.filter((c) => c.url === '/x')).toHaveLength(2);
  });

  it('fetches the cookie again after a failed cookie fetch', async () => {
    const { server, http } = setup();
    server.once('GET /sanctum/csrf-cookie', () => Promise.reject(new TypeError('offline')));
    server.on('POST /x', { status: 204 });
    await expect(http.post('/x')).rejects.toThrow('offline');
    await expect(http.post('/x')).resolves.toBeUndefined();
  });

  it('sends no header when there is no cookie, and reads document.cookie lazily by default', async () => {
    const server = fakeServer();
    const http = createHttpClient({ platform: fakePlatform(server) });
    server.on('POST /x', { status: 204 });
    await http.post('/x');
    expect(server.last().headers['X-XSRF-TOKEN']).toBeUndefined();
    vi.stubGlobal('document', { cookie: 'a=1; XSRF-TOKEN=abc%2Bdef; b=2' });
    try {
      await http.post('/x');
      expect(server.last().headers['X-XSRF-TOKEN']).toBe('abc+def');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('DESIGN §2: configurable base URL and embed-token mode', () => {
  it('prefixes every path, the cookie fetch included', async () => {
    const { server, http } = setup({ baseUrl: 'https://api.example.se' });
    server.on('POST /x', { status: 204 });
    await http.post('/x');
    expect((server.fetch as unknown as { mock: { calls: [string][] } }).mock.calls.map((c) => c[0])).toEqual([
      'https://api.example.se/sanctum/csrf-cookie',
      'https://api.example.se/x',
    ]);
    expect(http.url('/api/v1/stream', { a: 1 })).toBe('https://api.example.se/api/v1/stream?a=1');
  });

  it('embed-token mode sends Authorization: Bearer, no cookies and no anti-forgery', async () => {
    const { server, http, readCookie } = setup({ auth: { embedToken: 'emb_123' } });
    server.on('GET /a', { body: {} }).on('POST /b', { status: 419 });
    await http.get('/a');
    await expect(http.post('/b')).rejects.toBeInstanceOf(CsrfMismatchError);
    expect(server.calls.map((c) => c.url)).toEqual(['/a', '/b']);
    expect(server.calls.every((c) => c.headers.Authorization === 'Bearer emb_123')).toBe(true);
    expect(server.calls.every((c) => c.credentials === 'omit')).toBe(true);
    expect(readCookie).not.toHaveBeenCalled();
  });
});

describe("requests under way (what the live stream waits for at a page's start)", () => {
  const pending = (http: ReturnType<typeof setup>['http']) => http.requests.getSnapshot().pending;

  it('counts each request from its start to its answer or failure, and tells its subscribers', async () => {
    const { server, http } = setup();
    server.on('GET /a', { body: {} }).on('GET /gone', { status: 404 });
    const heard: number[] = [];
    const stop = http.requests.subscribe(() => heard.push(pending(http)));
    const first = http.get('/a');
    const second = http.get('/gone').catch(() => 'refused');
    expect(pending(http)).toBe(2);
    await expect(first).resolves.toEqual({});
    await expect(second).resolves.toBe('refused');
    expect(pending(http)).toBe(0);
    expect(heard.at(-1)).toBe(0);
    stop();
    const count = heard.length;
    await http.get('/a');
    expect(heard).toHaveLength(count);
  });

  it("a 419's refresh and retry are one request under way", async () => {
    const { server, http } = setup();
    server.once('POST /x', { status: 419 }).on('POST /x', { status: 204 });
    const heard: number[] = [];
    http.requests.subscribe(() => heard.push(pending(http)));
    await http.post('/x');
    expect(server.calls.map((c) => c.url)).toEqual([
      '/sanctum/csrf-cookie',
      '/x',
      '/sanctum/csrf-cookie',
      '/x',
    ]);
    expect(Math.max(...heard)).toBe(1);
    expect(pending(http)).toBe(0);
  });
});

describe('spec §8: error catalogue', () => {
  it.each([
    [401, UnauthenticatedError],
    [403, ForbiddenError],
    [404, NotFoundError],
    [422, ValidationError],
    [429, TooManyRequestsError],
    [400, HttpError],
    [500, ServerError],
    [503, ServerError],
  ])('status %i rejects with %o carrying status and body', async (status, Class) => {
    const { server, http } = setup();
    server.on('GET /a', { status, body: { message: 'Nej.' } });
    const error = (await http.get('/a').catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(Class);
    expect(error).toMatchObject({
      status,
      body: { message: 'Nej.' },
      method: 'GET',
      url: '/a',
      message: 'Nej.',
    });
    expect(isClientError(error)).toBe(status < 500);
  });

  it('names the request when the body has no message', async () => {
    const { server, http } = setup();
    server.on('GET /a', { status: 400, body: ['x'] });
    await expect(http.get('/a')).rejects.toThrow('GET /a failed with 400');
  });

  it('status 500 or above: only logged (through platform.logger) and rejected to the caller', async () => {
    const { server, http, platform } = setup();
    const onUnauthenticated = vi.fn();
    const h = createHttpClient({ platform, onUnauthenticated });
    server.on('GET /a', { status: 500, body: { message: 'Server Error' } });
    await expect(h.get('/a')).rejects.toBeInstanceOf(ServerError);
    expect(platform.logger.error).toHaveBeenCalledWith(expect.any(ServerError));
    expect(onUnauthenticated).not.toHaveBeenCalled();
    server.on('GET /b', { status: 404 });
    await expect(http.get('/b')).rejects.toBeInstanceOf(NotFoundError);
    expect(platform.logger.error).toHaveBeenCalledTimes(1);
  });

  it('status 401 calls onUnauthenticated (the session decides whether it was logged in)', async () => {
    const onUnauthenticated = vi.fn();
    const { server, http } = setup({ onUnauthenticated });
    server.on('GET /api/me', { status: 401, body: { message: 'Unauthenticated.' } });
    await expect(http.get('/api/me')).rejects.toBeInstanceOf(UnauthenticatedError);
    expect(onUnauthenticated).toHaveBeenCalledWith(expect.any(UnauthenticatedError));
  });

  it('status 422 carries the form errors (field → messages)', async () => {
    const { server, http } = setup();
    server.on('POST /api/login', {
      status: 422,
      body: { message: 'Fel uppgifter.', errors: { email: ['Fel e-post.', 'Andra'] } },
    });
    const error = (await http.post('/api/login', {}).catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.errors).toEqual({ email: ['Fel e-post.', 'Andra'] });
    expect(new ValidationError(422, 'text', 'POST', '/x').errors).toEqual({});
  });
});
