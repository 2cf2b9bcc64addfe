import { browserPlatform, createNavigationProgress } from '@matnat/core';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MatnatProvider } from '../provider';
import type { NavigationProgressState } from '../provider/types';
import { testClient } from '../testing/fakeClient';
import { renderStrict } from '../testing/render';
import { ProgressBar } from './ProgressBar';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ProgressBar (spec §2)', () => {
  it('spec §2: a thin progress bar shows at the top during navigation, fed by the core navigation progress', async () => {
    vi.useFakeTimers();
    const progress = createNavigationProgress({ platform: browserPlatform() });
    renderStrict(
      <MatnatProvider client={testClient({ navigationProgress: progress })}>
        <ProgressBar />
      </MatnatProvider>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    await act(async () => progress.start());
    await act(async () => {
      vi.advanceTimersByTime(1500);
    });
    const bar = screen.getByRole('progressbar', { name: 'Sidan laddas' });
    expect(Number(bar.getAttribute('aria-valuenow'))).toBe(50);
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    expect(Number(bar.getAttribute('aria-valuenow'))).toBe(95);
    await act(async () => progress.finish());
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
    progress.reset();
  });

  it('shows a failed navigation in the error colour', () => {
    const failed: NavigationProgressState = { status: 'failed', percent: 100, visible: true };
    renderStrict(<ProgressBar percent={failed.percent} visible failed />);
    expect(screen.getByRole('progressbar').className).toContain('matnat-progress--failed');
  });

  it("follows a navigation progress given as source (the core router's)", async () => {
    const progress = createNavigationProgress({ platform: browserPlatform() });
    renderStrict(<ProgressBar source={progress} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    await act(async () => progress.start());
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    progress.reset();
  });

  it('works from props alone, clamped to 0–100', () => {
    renderStrict(<ProgressBar visible percent={140} />);
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('100%');
  });
});
