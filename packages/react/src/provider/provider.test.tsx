import { createMatnatClient, createNavigationProgress, keepPreviousData } from '@matnat/core';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMessages } from '../messages';
import { en } from '../messages/en';
import { fakeFetch } from '../testing/fakeFetch';
import { renderStrict } from '../testing/render';
import { useMatnatClient } from './context';
import {
  useCart,
  useNavigationProgress,
  useSession,
  useTimeFilter,
  useToasts,
  useVersionCheck,
} from './hooks';
import { MatnatProvider } from './MatnatProvider';
import { useQuery } from './useQuery';

afterEach(cleanup);

type CoreClient = ReturnType<typeof createMatnatClient>;

function SameClient({ client }: { client: CoreClient }) {
  return <p>{useMatnatClient() === client ? 'samma klient' : 'fel'}</p>;
}

function TeamsLoaded() {
  const client = useMatnatClient<CoreClient>();
  const teams = useQuery(client.queries.teams());
  return <p>{teams.isSuccess ? 'lag hämtade' : 'laddar'}</p>;
}

/** Records what the cache knows while each render runs, before any effect (the observer's subscription). */
function TeamsFetchStatus({ seen }: { seen: (string | undefined)[] }) {
  const client = useMatnatClient<CoreClient>();
  const teams = useQuery(client.queries.teams());
  seen.push(client.queryClient.getQueryState(client.queries.teams().queryKey)?.fetchStatus);
  return <p>{teams.isSuccess ? 'lag hämtade' : 'laddar'}</p>;
}

function CancelText() {
  return <p>{useMessages().dialog.cancel}</p>;
}

function HookUser() {
  useSession();
  return null;
}

function Team({ id }: { id: number }) {
  const q = useQuery({ queryKey: ['teamName', id], queryFn: async () => `Lag ${id}` });
  return <p>{q.data ?? 'laddar'}</p>;
}

function Capture({ into }: { into: { client?: CoreClient } }) {
  into.client = useMatnatClient<CoreClient>();
  return null;
}

function Teams() {
  const client = useMatnatClient<CoreClient>();
  const q = useQuery(client.queries.teams());
  return <button type="button">{q.isSuccess ? `${q.data.length} lag` : 'laddar'}</button>;
}

const anna = {
  id: 2,
  name: 'Anna',
  email: 'anna@matnat.se',
  photo_url: null,
  initials: 'A',
  is_admin: false,
  has_set_password: true,
};

function coreClient(storage: Storage | null = null) {
  const api = fakeFetch({
    'GET /api/me': () => ({ body: { data: anna } }),
    'POST /api/logout': () => ({ status: 204 }),
    'POST /cart/store': () => ({ body: { cart: [] } }),
    'GET /api/v1/team': () => ({ body: { data: [{ id: 1, name: 'Lag 1' }] } }),
  });
  const client = createMatnatClient({ platform: { fetch: api.fetch, storage }, readCookie: () => 'token' });
  return { client, calls: api.calls };
}

function wrapperFor(client: ReturnType<typeof createMatnatClient>) {
  return ({ children }: { children: ReactNode }) => (
    <StrictMode>
      <MatnatProvider client={client}>{children}</MatnatProvider>
    </StrictMode>
  );
}

describe('MatnatProvider', () => {
  it('takes a ready core client and wraps the tree in .matnat-root', () => {
    const { client } = coreClient();
    const { container } = renderStrict(
      <MatnatProvider client={client}>
        <SameClient client={client} />
      </MatnatProvider>,
    );
    expect(screen.getByText('samma klient')).toBeTruthy();
    expect(container.firstElementChild!.className).toBe('matnat-root');
  });

  it('creates the client from config { baseUrl, auth: { embedToken } } and sends the token', async () => {
    const api = fakeFetch({ 'GET /api/v1/team': () => ({ body: { data: [] } }) });
    let seenAuth: string | null = null;
    const fetch: typeof globalThis.fetch = (input, init) => {
      seenAuth = new Headers(init?.headers).get('Authorization');
      return api.fetch(input, init);
    };
    renderStrict(
      <MatnatProvider
        config={{ baseUrl: 'https://api.matnat.test', auth: { embedToken: 'emb_123' }, platform: { fetch } }}
      >
        <TeamsLoaded />
      </MatnatProvider>,
    );
    expect(await screen.findByText('lag hämtade')).toBeTruthy();
    expect(seenAuth).toBe('Bearer emb_123');
    expect(api.calls[0]!.path).toBe('/api/v1/team');
  });

  it('useQuery asks for uncached data in the first render, not after the first paint (issue 13)', async () => {
    const { client, calls } = coreClient();
    const during: (string | undefined)[] = [];
    render(
      <MatnatProvider client={client}>
        <TeamsFetchStatus seen={during} />
      </MatnatProvider>,
    );
    expect(during[0]).toBe('fetching');
    expect(await screen.findByText('lag hämtade')).toBeTruthy();
    // The observer took the request under way: one request, not two.
    expect(calls.filter((c) => c.path === '/api/v1/team')).toHaveLength(1);
  });

  it('messages: overrides and the English pack reach the components', () => {
    const { client } = coreClient();
    renderStrict(
      <MatnatProvider client={client} messages={en}>
        <CancelText />
      </MatnatProvider>,
    );
    expect(screen.getByText('Cancel')).toBeTruthy();
  });

  it('hooks throw a clear error without a provider', () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(() => render(<HookUser />)).toThrow(/no <MatnatProvider>/);
    } finally {
      console.error = quiet;
    }
  });
});

describe('hooks over the core stores (useSyncExternalStore)', () => {
  it('useSession: spec §4 a successful current-user fetch sets the user; logout clears it', async () => {
    const { client } = coreClient();
    const { result } = renderHook(() => useSession(), { wrapper: wrapperFor(client) });
    expect(result.current.isLoggedIn).toBe(false);
    await act(async () => {
      await client.session.fetchMe();
    });
    expect(result.current.user?.name).toBe('Anna');
    expect(result.current.isLoggedIn).toBe(true);
    expect(result.current.isAdmin).toBe(false);
    await act(async () => {
      await result.current.logout();
    });
    expect(result.current.user).toBeNull();
    client.dispose();
  });

  it('useCart: spec §4 adding appends; removing removes only the first item with the id; remove-all every one', async () => {
    const { client } = coreClient();
    const { result } = renderHook(() => useCart(), { wrapper: wrapperFor(client) });
    await act(async () => {
      await result.current.add({ id: 1 });
      await result.current.add({ id: 2 });
      await result.current.add({ id: 1 });
    });
    expect(result.current.items.map((i) => i.id)).toEqual([1, 2, 1]);
    await act(async () => {
      await result.current.remove(1);
    });
    expect(result.current.items.map((i) => i.id)).toEqual([2, 1]);
    await act(async () => {
      await result.current.add({ id: 2 });
      await result.current.removeAll(2);
    });
    expect(result.current.items.map((i) => i.id)).toEqual([1]);
    await act(async () => {
      await result.current.empty();
    });
    expect(result.current.items).toEqual([]);
  });

  it('useToasts: shows and closes toasts of the core store', async () => {
    const { client } = coreClient();
    const { result } = renderHook(() => useToasts(), { wrapper: wrapperFor(client) });
    let id = 0;
    await act(async () => {
      id = result.current.show({ message: 'Sparat', timeout: 0 });
    });
    expect(result.current.toasts.map((t) => t.message)).toEqual(['Sparat']);
    await act(async () => {
      result.current.close(id);
    });
    expect(result.current.toasts).toEqual([]);
  });

  it('useTimeFilter(routePath): spec §3 stored separately per full route path; default prev_5_days / 15_m', async () => {
    const storage = new Map<string, string>();
    const { client } = coreClient({
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    } as Storage);
    const { result } = renderHook(
      () => [useTimeFilter('/dashboard/1'), useTimeFilter('/dashboard/2')] as const,
      {
        wrapper: wrapperFor(client),
      },
    );
    expect(result.current[0][0]).toEqual({
      route: '/dashboard/1',
      range_slug: 'prev_5_days',
      interval_slug: '15_m',
    });
    const first = result.current[0][0];
    await act(async () => {
      result.current[0][1]({ range_slug: 'prev_24_h' });
    });
    expect(result.current[0][0].range_slug).toBe('prev_24_h');
    expect(result.current[1][0].range_slug).toBe('prev_5_days');
    expect(first.range_slug).toBe('prev_5_days');
    expect([...storage.values()].join()).toContain('prev_24_h');
  });

  it('useVersionCheck and useNavigationProgress follow the core', async () => {
    const { client } = coreClient();
    const progress = createNavigationProgress({ platform: client.platform });
    const { result } = renderHook(() => [useVersionCheck(), useNavigationProgress()] as const, {
      wrapper: ({ children }) => (
        <MatnatProvider client={{ ...client, navigationProgress: progress }}>{children}</MatnatProvider>
      ),
    });
    expect(result.current[0].hasNewVersion).toBe(false);
    expect(result.current[1].visible).toBe(false);
    await act(async () => progress.start());
    expect(result.current[1]).toMatchObject({ status: 'running', visible: true });
    progress.reset();
  });

  it('useQuery: loads through the shared query client and follows a key change', async () => {
    const { client, calls } = coreClient();
    const { rerender } = renderStrict(
      <MatnatProvider client={client}>
        <Team id={1} />
      </MatnatProvider>,
    );
    expect(await screen.findByText('Lag 1')).toBeTruthy();
    rerender(
      <MatnatProvider client={client}>
        <Team id={2} />
      </MatnatProvider>,
    );
    expect(await screen.findByText('Lag 2')).toBeTruthy();
    expect(client.queryClient.getQueryData(['teamName', 1])).toBe('Lag 1');
    render(
      <MatnatProvider client={client}>
        <Teams />
        <Teams />
      </MatnatProvider>,
    );
    await waitFor(() => expect(screen.getAllByRole('button', { name: '1 lag' })).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button')[0]!);
    expect(calls.filter((c) => c.path === '/api/v1/team')).toHaveLength(1);
  });
});

/** A team's name, answered when the test says. */
function HeldTeam({ id, answers }: { id: number; answers: Map<number, (name: string) => void> }) {
  const q = useQuery({
    queryKey: ['heldTeam', id],
    queryFn: () => new Promise<string>((resolve) => answers.set(id, resolve)),
    placeholderData: keepPreviousData,
  });
  return <p data-placeholder={q.isPlaceholderData}>{`${q.status}: ${q.data ?? '–'}`}</p>;
}

describe('useQuery placeholderData (keepPreviousData)', () => {
  it("keeps the previous key's data, marked as placeholder, while the new key loads; its answer replaces it", async () => {
    const { client } = coreClient();
    const answers = new Map<number, (name: string) => void>();
    const { rerender } = renderStrict(
      <MatnatProvider client={client}>
        <HeldTeam id={1} answers={answers} />
      </MatnatProvider>,
    );
    // Nothing shown before: nothing to keep.
    expect(screen.getByText('pending: –').dataset.placeholder).toBe('false');
    await act(async () => answers.get(1)!('Lag 1'));
    expect(screen.getByText('success: Lag 1').dataset.placeholder).toBe('false');
    rerender(
      <MatnatProvider client={client}>
        <HeldTeam id={2} answers={answers} />
      </MatnatProvider>,
    );
    expect(screen.getByText('success: Lag 1').dataset.placeholder).toBe('true');
    expect(client.queryClient.getQueryData(['heldTeam', 2])).toBeUndefined();
    await act(async () => answers.get(2)!('Lag 2'));
    expect(screen.getByText('success: Lag 2').dataset.placeholder).toBe('false');
  });
});

describe('MatnatProvider with config: client lifetime', () => {
  it('survives StrictMode’s remount and disposes the client it created on a real unmount', async () => {
    const api = fakeFetch({ 'GET /api/me': () => ({ body: { data: anna } }) });
    const captured: { client?: CoreClient } = {};
    const { unmount } = renderStrict(
      <MatnatProvider config={{ platform: { fetch: api.fetch, storage: null } }}>
        <Capture into={captured} />
      </MatnatProvider>,
    );
    const created = captured.client;
    await act(async () => {
      await created!.session.fetchMe();
    });
    created!.queryClient.setQueryData(['probe'], 1);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    expect(created!.queryClient.getQueryData(['probe'])).toBe(1);
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(created!.queryClient.getQueryData(['probe'])).toBeUndefined();
  });
});
