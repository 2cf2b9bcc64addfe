import type { MatnatApi } from './api/index';
import type { Dashboard, Id, Panel } from './api/types';
import { sortDashboards } from './lists';
import type { CoreMessages } from './messages';
import type { Timers } from './platform';
import type { MatnatQueryOptions } from './queries';
import type { QueryClient, QueryKey } from './queryClient';

/** Spec §4/§9: a deleted dashboard or device leaves the local list this long after the server replied. */
export const LOCAL_REMOVAL_DELAY_MS = 500;

export interface MutationsOptions {
  api: MatnatApi;
  queryClient: QueryClient;
  timers: Timers;
  /** Shows a success toast ('Dashboarden har tagits bort'). */
  notify: (message: string) => void;
  messages: Pick<CoreMessages, 'removed'>;
}

type Write<A extends unknown[], R> = (...args: A) => Promise<R>;

/**
 * Every write of the app, each a mutation of the query cache: it runs through the client's `mutate`
 * (so `queryClient.isMutating()` sees it) and then says which queries it changed, either by updating them
 * from the answer or by naming the keys that are now stale. Nothing else decides what a write touched.
 */
export function createMutations({ api, queryClient: qc, timers, notify, messages }: MutationsOptions) {
  /** A write through the mutation cache; `changes` runs after success and before the caller resumes. */
  function mutation<A extends unknown[], R>(
    write: Write<A, R>,
    changes: (result: R, ...args: A) => unknown,
  ): Write<A, R> {
    return async (...args) => {
      const result = await qc.mutate(() => write(...args));
      await changes(result, ...args);
      return result;
    };
  }

  const none = () => undefined;

  /** Marks every query whose key starts with one of `keys` stale and refetches those on screen. */
  const stale = (...keys: QueryKey[]) =>
    Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));

  /** Spec §4: after the server replied, the item leaves its lists 500 ms later, the open copy is closed, then the toast. */
  async function removeLater(family: string, lists: QueryKey, id: Id, message: string) {
    await new Promise<void>((resolve) => timers.setTimeout(resolve, LOCAL_REMOVAL_DELAY_MS));
    qc.setQueriesData<{ id: Id }[]>({ queryKey: lists }, (list) => list?.filter((item) => item.id !== id));
    qc.removeQueries({ queryKey: [family, id], exact: true });
    notify(message);
  }

  /** The cached dashboards holding a panel, with that panel's list changed. */
  function editPanels(dashboardId: Id | undefined, edit: (panels: Panel[]) => Panel[]) {
    qc.setQueriesData<Dashboard>({ queryKey: ['dashboard'] }, (board) =>
      board && (dashboardId === undefined || board.id === dashboardId) && board.panels
        ? { ...board, panels: edit(board.panels) }
        : board,
    );
  }

  return {
    dashboards: {
      /** POST /api/v1/dashboard: the new dashboard joins the cached list (spec §4: creating adds to the list). */
      create: mutation(api.dashboards.create, (created) => {
        qc.setQueryData<Dashboard[]>(['dashboards'], (list) => list && sortDashboards([...list, created]));
      }),
      /** PATCH /api/v1/dashboard/{id}: the open dashboard keeps its deeply loaded panels (the answer has them bare). */
      update: mutation(api.dashboards.update, (updated, id) => {
        const keep = (old: Dashboard): Dashboard => ({ ...old, ...updated, panels: old.panels });
        qc.setQueryData<Dashboard>(['dashboard', id], (open) => open && keep(open));
        qc.setQueryData<Dashboard[]>(
          ['dashboards'],
          (list) => list && sortDashboards(list.map((board) => (board.id === id ? keep(board) : board))),
        );
      }),
      /** DELETE /api/v1/dashboard/{id}; resolves once it has left the list and the toast showed. */
      remove: mutation(api.dashboards.remove, (_, id) =>
        removeLater('dashboard', ['dashboards'], id, messages.removed.dashboard),
      ),
      /** PATCH /api/v1/dashboard/{id}/panel: the open dashboard's panels in their new order. */
      orderPanels: mutation(api.dashboards.orderPanels, (_, id, body) => {
        const order = body.panels;
        editPanels(id, (panels) => [
          ...order.flatMap((panelId) => panels.filter((panel) => panel.id === panelId)),
          ...panels.filter((panel) => !order.includes(panel.id)),
        ]);
      }),
    },
    panels: {
      /** POST /api/v1/panel: its dashboard is fetched again with the panel's items. */
      create: mutation(api.panels.create, (panel) =>
        stale(['dashboard', panel.dashboard_id], ['dashboards']),
      ),
      /** PATCH /api/v1/panel/{id}: replaced in its dashboard and as the open panel. */
      update: mutation(api.panels.update, (panel, id) => {
        editPanels(panel.dashboard_id, (panels) => panels.map((p) => (p.id === id ? panel : p)));
        qc.setQueryData(['panel', id], panel);
      }),
      /** DELETE /api/v1/panel/{id}: spec §4, removing a panel removes it from the open dashboard. */
      remove: mutation(api.panels.remove, (_, id) => {
        editPanels(undefined, (panels) => panels.filter((panel) => panel.id !== id));
        qc.removeQueries({ queryKey: ['panel', id], exact: true });
        return stale(['dashboards']);
      }),
    },
    devices: {
      create: mutation(api.devices.create, () => stale(['devices'], ['temperatureMap'])),
      /** A device's title, place or team shows in lists, dashboards, panels and the public map. */
      update: mutation(api.devices.update, (_, id) =>
        stale(['devices'], ['device', id], ['dashboard'], ['panel'], ['temperatureMap']),
      ),
      /** DELETE /api/v1/device/{id}; resolves once it has left the lists and the toast showed. */
      remove: mutation(api.devices.remove, async (_, id) => {
        await removeLater('device', ['devices'], id, messages.removed.device);
        return stale(['dashboard'], ['temperatureMap']);
      }),
    },
    alerts: {
      create: mutation(api.alerts.create, () => stale(['alerts'])),
      update: mutation(api.alerts.update, (_, id) => stale(['alerts'], ['alert', id])),
      remove: mutation(api.alerts.remove, (_, id) => {
        qc.removeQueries({ queryKey: ['alert', id], exact: true });
        return stale(['alerts']);
      }),
      acknowledge: mutation(api.alerts.acknowledge, (_, id) =>
        stale(['alerts'], ['alert', id], ['notifications']),
      ),
      mute: mutation(api.alerts.mute, (_, id) => stale(['alerts'], ['alert', id])),
    },
    users: {
      /** Admin: roles and teams. */
      update: mutation(api.users.update, (_, id) => stale(['users'], ['user', id])),
      invite: mutation(api.users.invite, () => stale(['users'])),
    },
    /** Issue 24: a removed channel leaves the alerts that posted to it. */
    webhooks: {
      create: mutation(api.webhooks.create, () => stale(['webhooks'])),
      update: mutation(api.webhooks.update, () => stale(['webhooks'])),
      remove: mutation(api.webhooks.remove, () => stale(['webhooks'], ['alerts'], ['alert'])),
      /** "Skicka test": the channel's last outcome changes; the alerts' logs do not show tests. */
      test: mutation(api.webhooks.test, () => stale(['webhooks'])),
      newSecret: mutation(api.webhooks.newSecret, () => stale(['webhooks'])),
    },
    embedTokens: {
      create: mutation(api.embedTokens.create, () => stale(['embedTokens'])),
      revoke: mutation(api.embedTokens.revoke, () => stale(['embedTokens'])),
    },
    /** Account mails and links: they change nothing cached (signing in is the session's). */
    account: {
      requestPasswordReset: mutation(api.auth.requestPasswordReset, none),
      resetPassword: mutation(api.auth.resetPassword, none),
      resendVerification: mutation(api.auth.resendVerification, none),
      /** The mailed link (a GET that marks the address verified). The session refetches the user itself. */
      verifyEmail: mutation(api.auth.verifyEmail, none),
    },
    notifications: {
      markRead: mutation(api.notifications.markRead, () => stale(['notifications'])),
    },
  };
}

export type Mutations = ReturnType<typeof createMutations>;

/**
 * Loads one query for a screen (a route loader): the cached answer while it is fresh (the client's
 * `staleTime`) and not invalidated by a write, else the server's, shared with a request under way. Spec
 * §4/§8: a failed load of a dashboard, device, panel, sensors or teams leaves nothing cached for it (no stale
 * copy stays on screen) and rejects.
 */
export async function loadQuery<T>(queryClient: QueryClient, options: MatnatQueryOptions<T>): Promise<T> {
  try {
    return await queryClient.fetchQuery(options);
  } catch (error) {
    queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
    throw error;
  }
}
