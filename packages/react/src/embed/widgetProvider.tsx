import {
  type AuthMode,
  browserPlatform,
  createHttpClient,
  createPanelClient,
  createQueryClient,
  type MatnatClientConfig,
  publicMapApi,
  sharedClient,
  temperatureMapQuery,
} from '@matnat/core';
import type { ReactElement } from 'react';
import { fetchResource } from '../data/resource';
import { MatnatClientContext } from '../provider/context';
import type { MatnatClientLike } from '../provider/types';
import { createElement } from './autoInit';

interface ClientConfig {
  baseUrl: string;
  auth: AuthMode;
}

/**
 * The temperature map's client: the core's HTTP client, query cache and the map's one query, not the
 * whole API, so that temperature-map.js stays within its budget.
 */
export function mapClient(config: ClientConfig): MatnatClientLike {
  const http = createHttpClient({ platform: browserPlatform(), ...config });
  const temperatureMap = () => temperatureMapQuery(publicMapApi(http));
  return {
    http,
    queryClient: createQueryClient(),
    queries: { temperatureMap } as unknown as MatnatClientLike['queries'],
  };
}

/**
 * The panels' client: the core's panel client (HTTP client, query cache, live stream, time filters and the
 * panels' queries), not the whole API, so that panel.js stays within its budget. Its queries are the
 * subset the panels call (`useWidgetClient` checks the parts are there).
 */
export const panelClient = (config: MatnatClientConfig): MatnatClientLike =>
  createPanelClient(config) as unknown as MatnatClientLike;

/**
 * Puts the page's one widget client for the element's API base and embed token around a script-tag widget.
 * Not `MatnatProvider`: that one creates a full client (session, cart, mutations), which the script tags
 * leave out.
 */
export function withWidgetClient(
  el: HTMLElement,
  widget: ReactElement,
  create: (config: ClientConfig) => MatnatClientLike,
  prefetch?: (client: MatnatClientLike) => unknown,
): ReactElement {
  const { apiBase = '', embedToken } = el.dataset;
  const config: ClientConfig = { baseUrl: apiBase, auth: embedToken ? { embedToken } : 'session' };
  const client = sharedClient(config, () => create(config));
  // Asked for now, as the script starts: the widget's first render finds the request already under way.
  prefetch?.(client);
  // No MessagesProvider: without overrides the widgets read their own Swedish groups (useMessageGroups).
  return createElement(MatnatClientContext.Provider, { value: client }, widget);
}

/** Starts the temperature map's request before its first render (the query cache shares it). */
export const prefetchMap = (client: MatnatClientLike) =>
  client.queries && fetchResource(client, client.queries.temperatureMap()).catch(() => {});
