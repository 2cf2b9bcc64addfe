import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { StrictMode } from 'react';

/** Every component test renders under StrictMode: effects run, clean up and run again. */
export function renderStrict(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: StrictMode, ...options });
}
