import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(__dirname, '..');
const owned = ['provider', 'shop', 'styles', 'ui'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('DESIGN §3: Swedish UI strings live in one messages module', () => {
  it('the provider, UI kit, shop and styles hold no Swedish text of their own', () => {
    const files = owned.flatMap((dir) => sourceFiles(join(src, dir)));
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter((file) => {
      // Comments and the product's name (in developer-facing errors) are not UI text.
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
        .replaceAll('Mätnät', '');
      return /[åäöÅÄÖ]/.test(code) || /'(Ta bort|Avbryt|Fortsätt|Sortera|Stäng)'/.test(code);
    });
    expect(offenders).toEqual([]);
  });
});
