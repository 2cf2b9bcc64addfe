export { MatnatClientContext, useMatnatClient, useOptionalMatnatClient } from './context';
export type { UseCart, UseSession, UseToasts, UseVersionCheck } from './hooks';
export {
  useCart,
  useExternalStore,
  useNavigationProgress,
  useOptionalToasts,
  useSession,
  useTimeFilter,
  useToasts,
  useVersionCheck,
} from './hooks';
export type { MatnatProviderProps } from './MatnatProvider';
export { MatnatProvider } from './MatnatProvider';
export type * from './types';
export type { UseQueryOptions } from './useQuery';
export { useQuery } from './useQuery';
