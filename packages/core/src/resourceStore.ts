import type { QueryClient } from '@tanstack/query-core';
import type { DeviceListOptions } from './api/devices';
import type { MatnatApi } from './api/index';
import type {
  Dashboard,
  DashboardCreateBody,
  DashboardUpdateBody,
  Device,
  DeviceCreateBodyInput,
  DeviceUpdateBodyInput,
  Id,
  Panel,
  PanelCreateBodyInput,
  PanelUpdateBodyInput,
  Sensor,
  Team,
} from './api/types';
import { sortDashboards } from './lists';
import { type CoreMessages, svMessages } from './messages';
import type { Timers } from './platform';
import type { MatnatQueries, MatnatQueryOptions } from './queries';
import { createStore, type ExternalStore } from './store';

/** Spec §9: a deleted item leaves the local list this long after the server replied. */
export const LOCAL_REMOVAL_DELAY_MS = 500;

export interface ResourceState<T> {
  list: T[];
  /** The item open on screen (dashboard.show, device.edit …), or null. */
  current: T | null;
}

export interface ResourceStoreOptions<
  T extends { id: Id },
  Args extends unknown[] = [],
  C = never,
  U = never,
> {
  queryClient: QueryClient;
  timers: Timers;
  list?: (...args: Args) => MatnatQueryOptions<T[]>;
  /** Each operation exists only when given: a store of a list-only resource has no `load`. */
  show?: (id: Id) => MatnatQueryOptions<T>;
  create?: (body: C) => Promise<T>;
  update?: (id: Id, body: U) => Promise<T>;
  remove?: (id: Id) => Promise<unknown>;
  /** Orders the list after every load and create. @default keeps the server's order */
  sort?: (items: T[]) => T[];
  /** Shows a success notification after a delete. */
  notify?: (message: string) => void;
  /** The notification after a delete, e.g. 'Dashboarden har tagits bort'. */
  removedMessage?: string;
  /**
   * Relations the open item keeps through an update, when the update's answer carries them less deeply
   * than `show` loaded them (a dashboard's PATCH answers its panels without their items). @default none
   */
  keepOnUpdate?: (keyof T)[];
}

export interface ResourceStore<T extends { id: Id }, Args extends unknown[] = [], C = never, U = never>
  extends ExternalStore<ResourceState<T>> {
  /** The live proxy, for sibling stores that edit the open item (panels of the open dashboard). */
  readonly state: ResourceState<T>;
  /** Loads the list; on failure the list is emptied and the call rejects. */
  loadList(...args: Args): Promise<T[]>;
  /** Loads and opens one item; on failure the open item is cleared and the call rejects. */
  load(id: Id): Promise<T>;
  /** Creating adds to the list. */
  create(body: C): Promise<T>;
  /** Replaces the item in the list and, if open, as the open item. */
  update(id: Id, body: U): Promise<T>;
  /** Resolves once the item has left the list (500 ms after the server replied) and the notification was shown. */
  remove(id: Id): Promise<void>;
  /** Closes the open item. */
  clearCurrent(): void;
}

/** The panels of the open dashboard: creating, editing, removing and reordering update it. */
export interface PanelStore extends ResourceStore<Panel, [], PanelCreateBodyInput, PanelUpdateBodyInput> {
  /** PATCH /api/v1/dashboard/{id}/panel: the panels in their new order. */
  order(dashboardId: Id, panelIds: Id[]): Promise<void>;
}

export interface ResourceStores {
  dashboards: ResourceStore<Dashboard, [], DashboardCreateBody, DashboardUpdateBody>;
  devices: ResourceStore<Device, [DeviceListOptions?], DeviceCreateBodyInput, DeviceUpdateBodyInput>;
  panels: PanelStore;
  sensors: ResourceStore<Sensor>;
  teams: ResourceStore<Team>;
}

/**
 * A list and a current item of one resource (spec §4): loads go through the query client (deduplicated,
 * cached for other observers); a failed load resets what it was loading and rejects; a delete removes the
 * item locally 500 ms after the server replied, clears it if it was open, then notifies.
 */
export function createResourceStore<T extends { id: Id }, Args extends unknown[] = [], C = never, U = never>(
  options: ResourceStoreOptions<T, Args, C, U>,
): ResourceStore<T, Args, C, U> {
  const { queryClient, timers, sort = (items: T[]) => items } = options;
  const store = createStore<ResourceState<T>>({ list: [], current: null });
  const { state } = store;

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    state,

    async loadList(...args: Args): Promise<T[]> {
      try {
        const list = sort([...(await queryClient.fetchQuery(options.list!(...args)))]);
        state.list = list;
        return list;
      } catch (error) {
        state.list = [];
        throw error;
      }
    },

    async load(id: Id): Promise<T> {
      try {
        const item = await queryClient.fetchQuery(options.show!(id));
        state.current = item;
        return item;
      } catch (error) {
        state.current = null;
        throw error;
      }
    },

    async create(body: C): Promise<T> {
      const item = await options.create!(body);
      state.list = sort([...state.list, item]);
      return item;
    },

    async update(id: Id, body: U): Promise<T> {
      const item = await options.update!(id, body);
      state.list = sort(state.list.map((existing) => (existing.id === id ? item : existing)));
      const open = state.current;
      if (open?.id === id) {
        const kept = { ...item };
        for (const key of options.keepOnUpdate ?? []) if (open[key] !== undefined) kept[key] = open[key];
        state.current = kept;
      }
      return item;
    },

    async remove(id: Id): Promise<void> {
      await options.remove!(id);
      await new Promise<void>((resolve) => timers.setTimeout(() => resolve(), LOCAL_REMOVAL_DELAY_MS));
      state.list = state.list.filter((item) => item.id !== id);
      if (state.current?.id === id) state.current = null;
      if (options.removedMessage) options.notify?.(options.removedMessage);
    },

    clearCurrent() {
      state.current = null;
    },
  };
}

export interface ResourceStoresOptions {
  api: MatnatApi;
  queries: MatnatQueries;
  queryClient: QueryClient;
  timers: Timers;
  notify?: (message: string) => void;
  /** Devices are listed in this order (by title, else external_device_id). @default server order */
  sortDevices?: (devices: Device[]) => Device[];
  /** The removal notifications ('Dashboarden har tagits bort', 'Mätenheten har tagits bort'). @default svMessages */
  messages?: Pick<CoreMessages, 'removed'>;
}

/** The stores of spec §4/§8: dashboards, devices, panels (of the open dashboard), sensors and teams. */
export function createResourceStores(options: ResourceStoresOptions): ResourceStores {
  const { api, queries, queryClient, timers, notify, messages = svMessages } = options;
  const base = { queryClient, timers, notify };

  const dashboards = createResourceStore<Dashboard, [], DashboardCreateBody, DashboardUpdateBody>({
    ...base,
    list: queries.dashboards,
    show: queries.dashboard,
    create: api.dashboards.create,
    update: api.dashboards.update,
    remove: api.dashboards.remove,
    sort: sortDashboards,
    removedMessage: messages.removed.dashboard,
    // PATCH answers the panels without their items: the open dashboard keeps the ones it loaded.
    keepOnUpdate: ['panels'],
  });

  const devices = createResourceStore<
    Device,
    [DeviceListOptions?],
    DeviceCreateBodyInput,
    DeviceUpdateBodyInput
  >({
    ...base,
    list: queries.devices,
    show: queries.device,
    create: api.devices.create,
    update: api.devices.update,
    remove: api.devices.remove,
    sort: options.sortDevices,
    removedMessage: messages.removed.device,
  });

  // The open dashboard's panels change with every panel edit.
  const openPanels = (dashboardId: Id): Panel[] | undefined => {
    const open = dashboards.state.current;
    if (open?.id !== dashboardId) return undefined;
    open.panels ??= [];
    return open.panels;
  };
  const panelStore = createResourceStore<Panel>({ ...base, show: queries.panel });
  const panels: PanelStore = {
    ...panelStore,
    /** POST /api/v1/panel: the new panel joins the open dashboard. */
    async create(body: PanelCreateBodyInput): Promise<Panel> {
      const panel = await api.panels.create(body);
      openPanels(panel.dashboard_id)?.push(panel);
      return panel;
    },
    /** PATCH /api/v1/panel/{id}: replaced in the open dashboard and as the open panel. */
    async update(id: Id, body: PanelUpdateBodyInput): Promise<Panel> {
      const panel = await api.panels.update(id, body);
      const list = openPanels(panel.dashboard_id);
      const index = list?.findIndex((p) => p.id === id) ?? -1;
      if (list && index >= 0) list[index] = panel;
      if (panelStore.state.current?.id === id) panelStore.state.current = panel;
      return panel;
    },
    /** DELETE /api/v1/panel/{id}: removing a panel removes it from the open dashboard. */
    async remove(id: Id): Promise<void> {
      await api.panels.remove(id);
      const open = dashboards.state.current;
      if (open?.panels) open.panels = open.panels.filter((panel) => panel.id !== id);
      if (panelStore.state.current?.id === id) panelStore.clearCurrent();
    },
    /** PATCH /api/v1/dashboard/{id}/panel: the panels in their new order. */
    async order(dashboardId: Id, panelIds: Id[]): Promise<void> {
      await api.dashboards.orderPanels(dashboardId, { panels: panelIds });
      const list = openPanels(dashboardId);
      if (list) {
        const ordered = panelIds.flatMap((id) => list.filter((panel) => panel.id === id));
        list.splice(0, list.length, ...ordered, ...list.filter((panel) => !panelIds.includes(panel.id)));
      }
    },
  };

  return {
    dashboards,
    devices,
    panels,
    sensors: createResourceStore<Sensor>({ ...base, list: queries.sensors }),
    teams: createResourceStore<Team>({ ...base, list: queries.teams }),
  };
}
