import { useMessages } from '../messages';
import { useExternalStore, useNavigationProgress } from '../provider';
import type { ExternalStore, NavigationProgressState } from '../provider/types';

export interface ProgressBarProps {
  /** 0–100. @default the core's navigation progress */
  percent?: number;
  /** Whether the bar shows. @default the core's navigation progress */
  visible?: boolean;
  /** Shows the bar in the error colour. @default the core's status is 'failed' */
  failed?: boolean;
  /** The core navigation progress to follow (the router's). @default the provider client's */
  source?: ExternalStore<NavigationProgressState>;
}

/** The thin bar at the top of the page while a navigation is under way (spec §2). */
export function ProgressBar({ percent, visible, failed, source }: ProgressBarProps) {
  const m = useMessages();
  const fromProvider = useNavigationProgress();
  const fromSource = useExternalStore(source);
  const progress = fromSource ?? fromProvider;
  const isVisible = visible ?? progress.visible;
  const isFailed = failed ?? progress.status === 'failed';
  const value = Math.round(Math.max(0, Math.min(100, percent ?? progress.percent)));
  if (!isVisible) return null;
  return (
    <div
      className={isFailed ? 'matnat-progress matnat-progress--failed' : 'matnat-progress'}
      role="progressbar"
      aria-label={m.ui.progressLabel}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <div className="matnat-progress__bar" style={{ width: `${value}%` }} />
    </div>
  );
}
