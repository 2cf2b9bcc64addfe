import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { injectStyles, matnatStyles } from './injectStyles';
import { MatnatRoot } from './MatnatRoot';
import { uiCss } from './matnatCss';
import { breakpoints, themeDefaults } from './theme';

afterEach(() => {
  cleanup();
  for (const style of document.querySelectorAll('style[data-matnat-style]')) style.remove();
});

/** Every selector of every rule, with @media blocks unwrapped. */
function selectorsOf(css: string): string[] {
  const selectors: string[] = [];
  const body = css.replace(/@media[^{]*\{((?:[^{}]*\{[^{}]*\})*)\}/g, '$1');
  for (const match of body.matchAll(/([^{}]+)\{[^{}]*\}/g)) {
    for (const selector of match[1]!.split(',')) selectors.push(selector.trim());
  }
  return selectors;
}

describe('styles never leak into the host page', () => {
  it('every rule is scoped under .matnat-root (no element selectors at top level, no resets)', () => {
    const selectors = selectorsOf(uiCss);
    expect(selectors.length).toBeGreaterThan(50);
    for (const selector of selectors) expect(selector).toMatch(/^\.matnat-root(\s|$)/);
  });

  it('every class the sheet names is prefixed matnat-', () => {
    const classes = [...uiCss.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]);
    expect(classes.length).toBeGreaterThan(50);
    for (const name of classes) expect(name).toMatch(/^matnat-/);
  });

  it('theming: colours come from --matnat-* custom properties, teal primary by default, never defined by the sheet', () => {
    expect(themeDefaults.primary).toBe('#0d9488');
    expect(uiCss).toContain('var(--matnat-primary, #0d9488)');
    expect(uiCss).toContain('var(--matnat-radius,');
    expect(uiCss).toContain('var(--matnat-font,');
    expect(uiCss).not.toMatch(/--matnat-[\w-]+\s*:/);
  });

  it("uses the spec's breakpoints 375, 425, 640, 768, 1024 and 1280 px", () => {
    expect(Object.values(breakpoints)).toEqual([375, 425, 640, 768, 1024, 1280]);
    for (const px of Object.values(breakpoints)) expect(uiCss).toContain(`@media (min-width:${px}px)`);
  });
});

describe('injectStyles', () => {
  it('puts the sheet into the document head once, however often it is called', () => {
    injectStyles(document);
    injectStyles(document);
    const styles = document.head.querySelectorAll('style[data-matnat-style="matnat-ui"]');
    expect(styles).toHaveLength(1);
    expect(styles[0]!.textContent).toBe(uiCss);
  });

  it('puts the sheet inside a shadow root (and not into the document) for web components', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    injectStyles(shadow, [matnatStyles, { id: 'extra', css: '.matnat-root .matnat-x{color:red}' }]);
    injectStyles(shadow, [matnatStyles]);
    expect(shadow.querySelectorAll('style[data-matnat-style]')).toHaveLength(2);
    expect(document.head.querySelector('style[data-matnat-style]')).toBeNull();
    host.remove();
  });

  it('MatnatRoot wraps its children in .matnat-root and injects the styles where it is mounted', () => {
    const { container } = render(
      <MatnatRoot className="matnat-extra">
        <span>inne</span>
      </MatnatRoot>,
    );
    expect(container.firstElementChild!.className).toBe('matnat-root matnat-extra');
    expect(document.head.querySelectorAll('style[data-matnat-style="matnat-ui"]')).toHaveLength(1);
  });
});
