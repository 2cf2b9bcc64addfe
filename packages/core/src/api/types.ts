// Provisional entity types until @matnat/contract publishes its own; replaced by type re-exports then.
export type Id = number;

export interface Team {
  id: Id;
  name: string;
}

export interface Impersonator {
  user_id: Id;
  name: string;
}

export interface User {
  id: Id;
  name: string;
  email: string;
  photo_url: string | null;
  initials: string;
  is_admin: boolean;
  has_set_password: boolean;
  teams?: Team[];
  impersonator?: Impersonator | null;
}

export interface Sensor {
  id: Id;
}

export interface Device {
  id: Id;
  title: string | null;
  external_device_id: string;
  lat: number | null;
  lng: number | null;
  sensors?: Sensor[];
}

export interface Panel {
  id: Id;
  type: string;
  dashboard_id: Id;
}

export interface Dashboard {
  id: Id;
  title: string;
  is_favorite: boolean;
  panels?: Panel[];
}

export interface Alert {
  id: Id;
  name: string;
}

export interface CartItem {
  id: Id;
}

export interface MeasurementBucket {
  t: number;
  avg: number | null;
  min: number | null;
  max: number | null;
  last: number | null;
  count: number;
}

export interface Measurements {
  sensor_id: Id;
  from: string;
  to: string;
  bucket_ms: number;
  buckets: MeasurementBucket[];
}

export type Body = Record<string, unknown>;
