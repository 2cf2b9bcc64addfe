const MARK = 'data-matnat-leaflet-css';

let cssText: string | undefined;

/** Loads Leaflet's stylesheet text once; the map waits for it together with Leaflet itself. */
export async function loadLeafletCss(): Promise<string> {
  cssText ??= (await import('./leafletCssText')).leafletCss;
  return cssText;
}

/**
 * Leaflet's stylesheet where the map lives: inside a shadow root the page's stylesheets do not apply, so
 * each root (the document or a web component's shadow root) gets its own copy, once.
 */
export function ensureLeafletCss(node: Node): void {
  const root = node.getRootNode();
  const target = root instanceof ShadowRoot ? root : (node.ownerDocument?.head ?? null);
  if (!cssText || !target || target.querySelector(`style[${MARK}]`)) return;
  const style = (node.ownerDocument ?? document).createElement('style');
  style.setAttribute(MARK, '');
  style.textContent = cssText;
  target.prepend(style);
}
