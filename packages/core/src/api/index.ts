import type { HttpClient, Query } from '../http';
import { alertsApi } from './alerts';
import { authApi } from './auth';
import { cartApi } from './cart';
import { dashboardsApi } from './dashboards';
import { devicesApi } from './devices';
import { embedTokensApi } from './embedTokens';
import { notificationsApi } from './notifications';
import { panelsApi } from './panels';
import { publicMapApi } from './publicMap';
import { sensorsApi } from './sensors';
import { shopApi } from './shop';
import { streamRequest } from './stream';
import { teamsApi } from './teams';
import { usersApi } from './users';
import { webhooksApi } from './webhooks';

/** Every call of spec §7 and DESIGN §2, grouped by resource. */
export function createApi(http: HttpClient, isAdmin: () => boolean = () => false) {
  return {
    auth: authApi(http),
    users: usersApi(http),
    alerts: alertsApi(http),
    cart: cartApi(http),
    dashboards: dashboardsApi(http),
    panels: panelsApi(http),
    devices: devicesApi(http, isAdmin),
    sensors: sensorsApi(http),
    teams: teamsApi(http),
    notifications: notificationsApi(http),
    shop: shopApi(http),
    publicMap: publicMapApi(http),
    embedTokens: embedTokensApi(http),
    webhooks: webhooksApi(http),
    stream: (query?: Query) => streamRequest(http, query),
  };
}

export type MatnatApi = ReturnType<typeof createApi>;
