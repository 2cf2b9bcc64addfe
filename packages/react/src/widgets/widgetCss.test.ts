import { describe, expect, it } from 'vitest';
import { mapStyles, panelStyles, pickerStyles, widgetStyles } from './widgetCss';

const rulesOf = (css: string) =>
  css
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

describe("the widgets' sheets: a panel's and a map's, so that a script tag carries only its widget's styles", () => {
  /** The rule that reverts a host's tag styles inside the widgets it names, and the widgets it names. */
  const revertOf = (css: string) => /:is\(([^)]*)\) :where\([^{]*\{all:revert/.exec(css)?.[1];
  const withoutRevert = (css: string) => rulesOf(css).filter((rule) => !revertOf(rule));

  it('the three sheets together hold every rule of widgetStyles, and only those', () => {
    const all = withoutRevert(widgetStyles.css);
    const split = new Set([
      ...withoutRevert(panelStyles.css),
      ...withoutRevert(pickerStyles.css),
      ...withoutRevert(mapStyles.css),
    ]);
    expect([...split].sort()).toEqual([...new Set(all)].sort());
  });

  it("a panel's sheet has no map rules, a map's no panel rules; both have the root's reset and the button", () => {
    expect(panelStyles.css).not.toMatch(/\.matnat-(map|legend|popup|device-marker)\b(?!,)/);
    expect(mapStyles.css).not.toMatch(/\.matnat-(panel|chart|single-value|time-filter|time-picker)[_\s{-]/);
    for (const sheet of [panelStyles, pickerStyles, mapStyles]) {
      expect(sheet.css).toContain('.matnat-root{all:initial');
      expect(sheet.css).toContain('.matnat-root .matnat-widget-button{');
    }
    expect(new Set([panelStyles.id, pickerStyles.id, mapStyles.id, widgetStyles.id]).size).toBe(4);
  });

  it("each sheet reverts a host's tag styles inside its own widgets only: a later sheet never undoes another's rules", () => {
    expect(revertOf(panelStyles.css)).toBe('.matnat-panel,.matnat-time-filter');
    expect(revertOf(pickerStyles.css)).toBe('.matnat-time-picker');
    expect(revertOf(mapStyles.css)).toBe('.matnat-map');
    expect(rulesOf(widgetStyles.css).map(revertOf).filter(Boolean)).toEqual([
      '.matnat-panel,.matnat-time-filter',
      '.matnat-time-picker',
      '.matnat-map',
    ]);
  });

  it("the time picker's rules are its own sheet's: a panel (panel.js) shows TimeFilterSelect and carries none", () => {
    expect(panelStyles.css).not.toMatch(/\.matnat-time-picker[_\s{]/);
    expect(pickerStyles.css).toContain('.matnat-root .matnat-time-picker__panel{');
    expect(pickerStyles.css).not.toMatch(/\.matnat-(panel|chart|single-value|map|legend)[_\s{-]/);
  });
});
