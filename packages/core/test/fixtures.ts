import type { Dashboard, Device, Me, Panel } from '@matnat/contract';

const stamp = { created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z' };

/** Complete contract entities for tests, with the given fields replaced. */
export const fixtures = {
  me: (fields: Partial<Me> = {}): Me => ({
    id: 2,
    name: 'Anna',
    email: 'anna@matnat.se',
    photo_url: null,
    initials: 'A',
    is_admin: false,
    has_set_password: true,
    email_verified_at: stamp.created_at,
    impersonator: null,
    ...stamp,
    ...fields,
  }),
  panel: (id: number, dashboard_id = 1, fields: Partial<Panel> = {}): Panel => ({
    id,
    dashboard_id,
    type: 'line_chart',
    title: null,
    position: 0,
    thresholds: [],
    width: 6,
    height: 3,
    ...stamp,
    ...fields,
  }),
  dashboard: (id: number, title = `D${id}`, panels?: Panel[]): Dashboard => ({
    id,
    title,
    is_favorite: false,
    user_id: 1,
    ...stamp,
    ...(panels ? { panels } : {}),
  }),
  device: (id: number, title: string | null, external_device_id = `ext-${id}`): Device => ({
    id,
    title,
    external_device_id,
    lat: null,
    lng: null,
    is_public: false,
    public_grid_m: 1000,
    default_sensor_id: null,
    ...stamp,
  }),
};
