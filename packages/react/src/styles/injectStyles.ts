import { uiCss } from './matnatCss';

export interface StyleSheetSource {
  /** Identifies the sheet: injecting the same id into the same root twice does nothing. */
  id: string;
  css: string;
}

/** The UI kit's own sheet. */
export const matnatStyles: StyleSheetSource = { id: 'matnat-ui', css: uiCss };

/**
 * Puts the sheets into a document's head or a shadow root, once per root and id. Safe to call on every
 * mount; web components call it with their shadow root so the styles live inside it.
 * @param sheets @default [matnatStyles]
 */
export function injectStyles(
  root: Document | ShadowRoot,
  sheets: readonly StyleSheetSource[] = [matnatStyles],
): void {
  const doc = 'head' in root ? root : root.ownerDocument;
  const parent = 'head' in root ? root.head : root;
  for (const sheet of sheets) {
    if (parent.querySelector(`style[data-matnat-style="${sheet.id}"]`)) continue;
    const style = doc.createElement('style');
    style.setAttribute('data-matnat-style', sheet.id);
    style.textContent = sheet.css;
    // Prepended in a shadow root so the component's own later styles can still override it.
    if ('head' in root) parent.appendChild(style);
    else parent.insertBefore(style, parent.firstChild);
  }
}
