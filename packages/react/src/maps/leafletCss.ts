const MARK = 'data-matnat-leaflet-css';

let cssText: string | undefined;
let loading: Promise<string> | undefined;

/** Loads Leaflet's stylesheet text once; the map waits for it together with Leaflet itself. */
export function loadLeafletCss(): Promise<string> {
  loading ??= import('./leafletCssText').then(
    (mod) => {
      cssText = mod.leafletCss;
      return cssText;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Whether the document's own stylesheets already carry Leaflet's CSS (the page links or imports
 * `leaflet/dist/leaflet.css`): a hidden probe with Leaflet's pane class is positioned absolutely only by
 * that stylesheet. Asked of the stylesheet itself rather than of a declaration, so a page whose sheet did
 * not load still gets the map's own copy.
 */
export function documentHasLeafletCss(doc: Document | undefined = globalThis.document): boolean {
  const parent = doc?.body ?? doc?.documentElement;
  const view = doc?.defaultView;
  if (!doc || !parent || !view) return false;
  const probe = doc.createElement('div');
  probe.className = 'leaflet-pane';
  probe.style.display = 'none';
  parent.appendChild(probe);
  const provided = view.getComputedStyle(probe).position === 'absolute';
  probe.remove();
  return provided;
}

/** What Leaflet's loader waits for: the stylesheet's text, unless the page's own sheets provide it. */
export function leafletCssForDocument(): Promise<unknown> {
  return documentHasLeafletCss() ? Promise.resolve() : loadLeafletCss();
}

/**
 * Leaflet's stylesheet where the map lives: inside a shadow root the page's stylesheets do not apply, so
 * each root (the document or a web component's shadow root) gets its own copy, once. A document whose page
 * provides the stylesheet gets none; a shadow root in such a page gets its copy once the text has loaded.
 */
export function ensureLeafletCss(node: Node): void {
  const root = node.getRootNode();
  const doc = node.ownerDocument ?? document;
  const inShadow = root instanceof ShadowRoot;
  const target = inShadow ? root : doc.head;
  if (!target || target.querySelector(`style[${MARK}]`)) return;
  if (!inShadow && documentHasLeafletCss(doc)) return;
  const insert = (text: string) => {
    if (target.querySelector(`style[${MARK}]`)) return;
    const style = doc.createElement('style');
    style.setAttribute(MARK, '');
    style.textContent = text;
    target.prepend(style);
  };
  if (cssText !== undefined) insert(cssText);
  else loadLeafletCss().then(insert, () => undefined);
}
