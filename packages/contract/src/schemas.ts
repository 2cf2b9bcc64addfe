import { Alert, AlertCondition, AlertCreateBody, AlertUpdateBody } from './alert';
import {
  EmailVerifyQuery,
  Invite,
  InviteAcceptBody,
  InviteCreateBody,
  InviteLookup,
  LoginBody,
  PasswordEmailBody,
  PasswordResetBody,
  RegisterBody,
} from './auth';
import {
  Dashboard,
  DashboardCreateBody,
  DashboardUpdateBody,
  LineChartItem,
  Panel,
  PanelCreateBody,
  PanelOrderBody,
  PanelUpdateBody,
  SingleValueItem,
} from './dashboard';
import { Device, DeviceCreateBody, DeviceUpdateBody, Gateway, Sensor, TemperatureMap } from './device';
import { EmbedToken, EmbedTokenCreateBody, EmbedTokenCreated } from './embedToken';
import {
  BadQueryErrorBody,
  FormErrors,
  MessageErrorBody,
  ThrottledErrorBody,
  ValidationErrorBody,
} from './errors';
import {
  ChirpstackUplink,
  DeviceKey,
  DeviceKeyCreateBody,
  DeviceKeyCreated,
  IngestBody,
  IngestResult,
  Integration,
  IntegrationCreateBody,
  IntegrationCreated,
  TtnUplink,
} from './ingest';
import { LatestMeasurement, MeasurementBuckets, MeasurementQuery } from './measurement';
import { Notification } from './notification';
import { CartItem, CartResponse, CartStoreBody, Order, OrderBody, Product } from './shop';
import { StreamEvent } from './stream';
import { Team } from './team';
import { LocalSettings, TimeFilter } from './timeFilter';
import { Me, User, UserAdminBody, UserAttributeBody } from './user';

/** Every named schema, for OpenAPI generation (`z.toJSONSchema(schema, { io: 'input' })` for bodies). */
export const schemas = {
  entities: {
    User,
    Me,
    Team,
    Gateway,
    Sensor,
    Device,
    Dashboard,
    Panel,
    LineChartItem,
    SingleValueItem,
    Alert,
    AlertCondition,
    Notification,
    Product,
    CartItem,
    Order,
    EmbedToken,
    EmbedTokenCreated,
    Invite,
    InviteLookup,
    MeasurementBuckets,
    LatestMeasurement,
    TemperatureMap,
    TimeFilter,
    LocalSettings,
    StreamEvent,
    CartResponse,
    FormErrors,
    IngestResult,
    Integration,
    IntegrationCreated,
    DeviceKey,
    DeviceKeyCreated,
  },
  bodies: {
    LoginBody,
    RegisterBody,
    PasswordEmailBody,
    PasswordResetBody,
    InviteCreateBody,
    InviteAcceptBody,
    UserAttributeBody,
    UserAdminBody,
    DashboardCreateBody,
    DashboardUpdateBody,
    PanelOrderBody,
    PanelCreateBody,
    PanelUpdateBody,
    DeviceCreateBody,
    DeviceUpdateBody,
    AlertCreateBody,
    AlertUpdateBody,
    CartStoreBody,
    OrderBody,
    EmbedTokenCreateBody,
    IngestBody,
    TtnUplink,
    ChirpstackUplink,
    IntegrationCreateBody,
    DeviceKeyCreateBody,
  },
  queries: { MeasurementQuery, EmailVerifyQuery },
  errors: { MessageErrorBody, ValidationErrorBody, BadQueryErrorBody, ThrottledErrorBody },
} as const;
