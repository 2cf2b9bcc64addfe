import { type ReactNode, useLayoutEffect, useRef } from 'react';
import type { StyleSheetSource } from '../styles/injectStyles';

/**
 * Adds a sheet to a document head or shadow root once, marked the way `injectStyles` marks its sheets so
 * the two never duplicate each other. Kept apart from `injectStyles` because that module carries the whole
 * UI kit's sheet, which the script-tag builds must not bundle (size budgets).
 */
function injectSheet(root: Document | ShadowRoot, sheet: StyleSheetSource) {
  const parent = 'head' in root ? root.head : root;
  if (parent.querySelector(`style[data-matnat-style="${sheet.id}"]`)) return;
  const style = ('head' in root ? root : root.ownerDocument).createElement('style');
  style.setAttribute('data-matnat-style', sheet.id);
  style.textContent = sheet.css;
  parent.prepend(style);
}

/**
 * The `.matnat-root` of a panel or map: puts its sheet (`panelStyles`, `pickerStyles` or `mapStyles`) into the document or
 * shadow root it lives in.
 */
export function WidgetRoot({ sheet, children }: { sheet: StyleSheetSource; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const node = ref.current?.getRootNode();
    if (node && ('head' in node || 'host' in node)) injectSheet(node as Document | ShadowRoot, sheet);
  }, [sheet]);
  return (
    <div ref={ref} className="matnat-root">
      {children}
    </div>
  );
}
