export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

export type FakeRoute = (
  body: unknown,
) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

/**
 * A `fetch` for tests that answers from a route table keyed `'METHOD /path'` and records every call.
 * Unknown routes answer 404. The anti-forgery cookie call answers 204.
 */
export function fakeFetch(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://matnat.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/sanctum/csrf-cookie') return new Response(null, { status: 204 });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return Response.json({ message: 'Not found' }, { status: 404 });
    const answer = await route(body);
    return answer.body === undefined
      ? new Response(null, { status: answer.status ?? 204 })
      : Response.json(answer.body, { status: answer.status ?? 200 });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}
