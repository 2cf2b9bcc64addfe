export { DASHBOARD_INCLUDE } from './api/dashboards';
export type { DeviceListOptions } from './api/devices';
export type { Envelope } from './api/envelope';
export type { MatnatApi } from './api/index';
export { createApi } from './api/index';
export { PANEL_INCLUDE } from './api/panels';
export { publicMapApi } from './api/publicMap';
export type { MeasurementFilter, RangeWindow } from './api/sensors';
export type { StreamRequest } from './api/stream';
export type {
  Alert,
  CartItem,
  Dashboard,
  Device,
  EmbedToken,
  Id,
  Impersonator,
  LatestMeasurement,
  LineChartItem,
  Me,
  MeasurementBuckets,
  Notification,
  Order,
  Panel,
  Product,
  Sensor,
  SensorAlert,
  SensorAlertPeriods,
  SingleValueItem,
  Team,
  TemperatureMap,
  ThresholdStep,
  User,
} from './api/types';
export type { Cart, CartOptions, CartState } from './cart';
export { createCart } from './cart';
export type { MatnatClient, MatnatClientConfig, PanelClient, WidgetClient } from './client';
export { createMatnatClient, createPanelClient, createWidgetClient } from './client';
export type { CalendarUnit, DateInput, WallClock } from './dates';
export {
  DATE_FORMAT,
  DATE_MINUTE_FORMAT,
  DATE_TIME_FORMAT,
  DEFAULT_TIME_ZONE,
  displayDate,
  displayDateTime,
  displayShortDateTime,
  displayTime,
  formatDate,
  formatDateMinute,
  formatDateTime,
  formatInZone,
  toEpochMs,
  toWallClock,
} from './dates';
export type { ValidationErrors } from './errors';
export {
  CsrfMismatchError,
  ForbiddenError,
  HttpError,
  httpErrorFor,
  isClientError,
  NotFoundError,
  ServerError,
  TooManyRequestsError,
  UnauthenticatedError,
  ValidationError,
} from './errors';
export type { FormErrors, FormErrorsHolder, FormErrorsState } from './formErrors';
export { createFormErrors, parseFormErrors } from './formErrors';
export type { Guard, GuardContext, GuardSession, GuardUser, RunGuardsOptions } from './guards';
export {
  adminGuard,
  authGuard,
  checkAuthGuard,
  GLOBAL_GUARDS,
  guestGuard,
  middlewareFor,
  passwordGuard,
  ROUTE_MIDDLEWARE,
  runGuards,
  UnknownMiddlewareError,
} from './guards';
export type {
  AuthMode,
  HttpClient,
  HttpClientOptions,
  HttpMethod,
  Query,
  QueryValue,
  RequestOptions,
  RequestsUnderWay,
} from './http';
export {
  CSRF_COOKIE_PATH,
  createHttpClient,
  documentCookie,
  withQuery,
  XSRF_COOKIE,
  XSRF_HEADER,
} from './http';
export { compareSwedish, deviceLabel, sortAlerts, sortDashboards, sortDevices } from './lists';
export type { LocalSettings, LocalSettingsOptions, LocalSettingsStore } from './localSettings';
export { createLocalSettings, DEFAULT_LOCAL_SETTINGS, LOCAL_SETTINGS_STORAGE_KEY } from './localSettings';
export type { CoreMessages, MessageOverrides } from './messages';
export { createMessages, formatTitle, svMessages } from './messages';
export type { Mutations, MutationsOptions } from './mutations';
export { createMutations, LOCAL_REMOVAL_DELAY_MS, loadQuery } from './mutations';
export type {
  NavigationProgress,
  NavigationProgressOptions,
  NavigationProgressState,
  NavigationProgressStatus,
} from './navigationProgress';
export { createNavigationProgress, PROGRESS_COMPLETE_ABOVE } from './navigationProgress';
export type { Logger, PageLocation, Platform, StorageLike, Timers } from './platform';
export { browserPlatform } from './platform';
export type { MatnatQueries, MatnatQueryOptions, PanelQueries } from './queries';
export {
  createQueries,
  createQueryClient,
  retryPolicy,
  temperatureMapQuery,
} from './queries';
export type {
  CachedQuery,
  ObservedState,
  PlaceholderData,
  QueryClientConfig,
  QueryDefaults,
  QueryFilters,
  QueryFunction,
  QueryFunctionContext,
  QueryKey,
  QueryOptions,
  QueryState,
  Retry,
} from './queryClient';
export { hashKey, keepPreviousData, observedState, QueryClient } from './queryClient';
export type { LiveEvent, LiveReading, ReadingStream, ReadingStreamOptions } from './readingStream';
export { createReadingStream } from './readingStream';
export { sharedClient } from './registry';
export type {
  RouteAccess,
  RouteDefinition,
  RouteLayout,
  RouteLocation,
  RouteMatch,
  RouteName,
  RouteParams,
} from './routes';
export {
  ACCESS_MIDDLEWARE,
  allowsAnonymous,
  buildPath,
  getRoute,
  locationPath,
  matchRoute,
  pageTitle,
  ROUTES,
  routeTitle,
  UNKNOWN_PATH_REDIRECT,
} from './routes';
export type { Impersonation, Session, SessionOptions, SessionState } from './session';
export { createSession, IMPERSONATION_REVERT_REDIRECT_MS, SESSION_REFRESH_MS } from './session';
export type { ExternalStore, Snapshot } from './store';
export type {
  IntervalSlug,
  RangeChoice,
  RangeOptions,
  RangeSlug,
  RangeValue,
  TimeFilter,
  TimeFilterChange,
  TimeFilterState,
  TimeFilterStore,
  TimeFilterStoreOptions,
  TimeRange,
} from './timeFilter';
export {
  createTimeFilterStore,
  DEFAULT_INTERVAL_SLUG,
  DEFAULT_RANGE_SLUG,
  formatRange,
  INTERVAL_MS,
  INTERVAL_SLUGS,
  intervalMs,
  intervalOr,
  isIntervalSlug,
  isRangeSlug,
  RANGE_SLUGS,
  rangeOr,
  resolveRange,
  TIME_FILTER_STORAGE_KEY,
} from './timeFilter';
export type { Toast, ToastInput, ToastLevel, Toasts, ToastsOptions, ToastsState } from './toasts';
export { createToasts } from './toasts';
export type { VersionCheck, VersionCheckOptions, VersionCheckState } from './versionCheck';
export { createVersionCheck, notificationsActive } from './versionCheck';
