import { type HTMLAttributes, type ReactNode, useLayoutEffect, useRef } from 'react';
import { injectStyles, matnatStyles, type StyleSheetSource } from './injectStyles';

export interface MatnatRootProps extends HTMLAttributes<HTMLDivElement> {
  /**
   * Sheets to inject into the root node this element lives in (document or shadow root).
   * @default [matnatStyles]
   */
  sheets?: readonly StyleSheetSource[];
  children?: ReactNode;
}

const defaultSheets = [matnatStyles];

/** The `.matnat-root` wrapper every style is scoped under; injects the styles where it is mounted. */
export function MatnatRoot({ sheets = defaultSheets, className, children, ...rest }: MatnatRootProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const node = ref.current?.getRootNode();
    if (node && ('head' in node || 'host' in node)) injectStyles(node as Document | ShadowRoot, sheets);
  }, [sheets]);
  return (
    <div ref={ref} className={className ? `matnat-root ${className}` : 'matnat-root'} {...rest}>
      {children}
    </div>
  );
}
