import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';
import * as plain from './plain';
import { schemas } from './schemas';

const here = dirname(fileURLToPath(import.meta.url));

/** Local modules a source file imports at run time (`import type` is erased), and whether it imports zod. */
const importsOf = (file: string) => {
  const source = readFileSync(join(here, file), 'utf8').replace(/^import type [^;]+;$/gm, '');
  const specifiers = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1] ?? '');
  return { zod: specifiers.includes('zod'), local: specifiers.filter((s) => s.startsWith('./')) };
};

describe('schema registry', () => {
  it('every schema converts to JSON Schema for the OpenAPI document', () => {
    for (const group of Object.values(schemas)) {
      for (const [name, schema] of Object.entries(group)) {
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
        expect(json, name).toHaveProperty('$schema');
      }
    }
  });

  it('entities and error bodies also convert as responses (output side)', () => {
    for (const group of [schemas.entities, schemas.errors]) {
      for (const [name, schema] of Object.entries(group)) {
        expect(z.toJSONSchema(schema, { io: 'output' }), name).toHaveProperty('$schema');
      }
    }
  });

  it('lists every request body, strict', () => {
    expect(Object.keys(schemas.bodies)).toHaveLength(27);
    const json = z.toJSONSchema(schemas.bodies.DashboardCreateBody, { io: 'input' });
    expect(json).toMatchObject({ additionalProperties: false, required: ['title'] });
  });
});

describe('zod-free plain entry', () => {
  it('DESIGN.md §1: the core imports no zod at runtime, so ./plain reaches no module that imports zod', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const { zod, local } = importsOf(file);
      expect(zod, `${file} imports zod`).toBe(false);
      for (const next of local) visit(`${next.slice(2)}.ts`);
    };
    visit('plain.ts');
    expect(seen.size).toBeGreaterThan(3);
  });

  it('re-exports the same values as the main entry', () => {
    expect(plain.RANGE_SLUGS).toBe(contract.RANGE_SLUGS);
    expect(plain.errorMessages).toBe(contract.errorMessages);
    expect(plain.parseEmbedScope).toBe(contract.parseEmbedScope);
  });
});
