import type { ReactNode } from 'react';
import { MatnatRoot } from '../styles';
import { matnatStyles } from '../styles/injectStyles';
import { widgetStyles } from './widgetCss';

const sheets = [matnatStyles, widgetStyles];

/** The styled root of a panel or map: injects the UI kit's and the widgets' sheets where it is mounted. */
export function WidgetRoot({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <MatnatRoot sheets={sheets} className={className}>
      {children}
    </MatnatRoot>
  );
}
