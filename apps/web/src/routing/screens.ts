import type { RouteName } from '@matnat/core';
import type { ComponentType } from 'react';

/** A screen module: its default export is the screen. */
export interface ScreenModule {
  default: ComponentType;
}

export type ScreenLoader = () => Promise<ScreenModule>;

/** Screens not built yet share the Swedish "kommer snart" page (never a 404). */
export const comingSoon: ScreenLoader = () => import('../screens/ComingSoon');

/** One lazy chunk per built screen; every route not listed here shows `comingSoon`. */
export const SCREENS: Partial<Record<RouteName, ScreenLoader>> = {
  welcome: () => import('../screens/Welcome'),
  login: () => import('../screens/Login'),
  'error.single.message': () => import('../screens/ErrorMessage'),
  notFound: () => import('../screens/NotFound'),
  'dashboard.index': () => import('../screens/DashboardIndex'),
  'alert.index': () => import('../screens/alert/AlertIndex'),
  'alert.create': () => import('../screens/alert/AlertCreate'),
  'alert.edit': () => import('../screens/alert/AlertEdit'),
  register: () => import('../screens/Register'),
  'verification.notice': () => import('../screens/VerifyEmailNotice'),
  'verification.verify': () => import('../screens/VerifyEmail'),
  'password.request': () => import('../screens/PasswordRequest'),
  'password.reset': () => import('../screens/PasswordReset'),
  'user.invite': () => import('../screens/Invite'),
  'user.settings': () => import('../screens/UserSettings'),
  'admin.users': () => import('../screens/admin/AdminUsers'),
  'admin.devices': () => import('../screens/admin/AdminDevices'),
  map: () => import('../screens/map/DevicesMap'),
  'device.index': () => import('../screens/device/DeviceIndex'),
  'device.show': () => import('../screens/device/DeviceShow'),
  'device.edit': () => import('../screens/device/DeviceEdit'),
  'map.devices': () => import('../screens/map/MapDevices'),
  'dashboard.form': () => import('../screens/DashboardForm'),
  'dashboard.show': () => import('../screens/DashboardShow'),
  'dashboard.panelform.simple': () => import('../screens/PanelFormSimple'),
  'dashboard.panelform.advanced': () => import('../screens/PanelFormAdvanced'),
  'panel.edit': () => import('../screens/PanelEdit'),
  productlist: () => import('../screens/ProductList'),
  product: () => import('../screens/Product'),
  order: () => import('../screens/Order'),
  tempMap: () => import('../screens/TempMap'),
  'tempMap.nz': () => import('../screens/TempMapNz'),
  about: () => import('../screens/About'),
};

export function screenFor(name: RouteName, screens: Partial<Record<RouteName, ScreenLoader>> = SCREENS) {
  return screens[name] ?? comingSoon;
}
