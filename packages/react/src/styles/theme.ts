/** The spec's responsive breakpoints in px (min-width). */
export const breakpoints = { xs: 375, sm: 425, md: 640, lg: 768, xl: 1024, xxl: 1280 } as const;

/**
 * The theme's CSS custom properties and their defaults. A host sets any of them on `.matnat-root` or on
 * any ancestor (e.g. `body { --matnat-primary: #7c3aed }`); the widgets never define them themselves,
 * so the host's value always wins.
 */
export const themeDefaults = {
  primary: '#0d9488',
  'primary-hover': '#0f766e',
  'primary-contrast': '#ffffff',
  danger: '#dc2626',
  'danger-hover': '#b91c1c',
  success: '#16a34a',
  warn: '#b45309',
  text: '#1f2937',
  muted: '#6b7280',
  surface: '#ffffff',
  'surface-alt': '#f3f4f6',
  border: '#d1d5db',
  focus: '#0d9488',
  radius: '0.375rem',
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  'font-size': '1rem',
  shadow: '0 10px 25px rgba(0, 0, 0, 0.15)',
  'z-index': '1000',
} as const;

export type ThemeToken = keyof typeof themeDefaults;

/** `var(--matnat-<token>, <default>)`. */
export function themeVar(token: ThemeToken): string {
  return `var(--matnat-${token}, ${themeDefaults[token]})`;
}

/**
 * A colour as a canvas needs it: `var(--name, fallback)` is the custom property as `element` inherits it (a
 * theme set on any ancestor), else the fallback; any other value as given.
 */
export function resolveColor(color: string, element: Element): string {
  const variable = /^var\(\s*(--[\w-]+)\s*,\s*(.+?)\s*\)$/.exec(color);
  return variable
    ? getComputedStyle(element)
        .getPropertyValue(variable[1] as string)
        .trim() || (variable[2] as string)
    : color;
}
