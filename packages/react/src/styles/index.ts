export type { StyleSheetSource } from './injectStyles';
export { injectStyles, matnatStyles } from './injectStyles';
export type { MatnatRootProps } from './MatnatRoot';
export { MatnatRoot } from './MatnatRoot';
export { uiCss } from './matnatCss';
export type { ThemeToken } from './theme';
export { breakpoints, themeDefaults, themeVar } from './theme';
