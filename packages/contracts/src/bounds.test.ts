import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ApiCall } from './http.ts';

/**
 * A bounded request gets a bounded, fast answer (attack pass: a 900 KB lot method took 4.7 s
 * and answered 10 MB; 40,000 filter entries ended in "too many SQL variables"). Every string and
 * array a call reads from its path, query or body has a maximum length, found here by walking
 * every call's schemas: a text without `.max()` (or a fixed length, an enum, a literal) or a
 * list without `.max()` is named.
 */
const root = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

const isCall = (v: unknown): v is ApiCall =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v;

interface Def {
  type: string;
  checks?: Array<{ _zod: { def: { check: string } } }>;
  [key: string]: unknown;
}
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

const bounded = (def: Def) =>
  (def.checks ?? []).some((c) => ['max_length', 'length_equals'].includes(c._zod.def.check));

/** The paths of every unbounded string or array inside a schema. */
function unbounded(schema: z.ZodType, path: string, out: string[], seen = new Set<z.ZodType>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = defOf(schema);
  const inner = (s: unknown, p = path) => unbounded(s as z.ZodType, p, out, seen);
  switch (def.type) {
    case 'string':
      if (!bounded(def)) out.push(path || '(value)');
      return;
    case 'array':
      if (!bounded(def)) out.push(`${path}[]`);
      inner(def.element, `${path}[]`);
      return;
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>))
        inner(value, path ? `${path}.${key}` : key);
      if (def.catchall && defOf(def.catchall as z.ZodType).type !== 'never') inner(def.catchall, `${path}.*`);
      return;
    case 'record':
      out.push(`${path}{}`);
      return;
    case 'union':
      for (const option of def.options as z.ZodType[]) inner(option);
      return;
    case 'intersection':
      inner(def.left);
      inner(def.right);
      return;
    case 'pipe':
      // What is read is the pipe's input; a transform's output is Lotwise's own.
      inner(def.in);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      inner(def.innerType);
      return;
    case 'lazy':
      inner((def.getter as () => z.ZodType)());
      return;
    case 'tuple':
      for (const item of def.items as z.ZodType[]) inner(item);
      return;
    default:
      // number, boolean, enum, literal, null, undefined, custom (files), transform …
      return;
  }
}

const calls: Array<{ name: string; call: ApiCall }> = [];
for (const file of sourceFiles(root)) {
  const mod = (await import(file)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(mod))
    if (isCall(value)) calls.push({ name: `${relative(root, file)} ${name}`, call: value });
}

describe('every string and list a call reads has a maximum length', () => {
  it('finds the calls', () => {
    expect(calls.length).toBeGreaterThan(150);
  });

  it('names no unbounded field', () => {
    const found: string[] = [];
    for (const { call } of calls) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = call[part];
        if (!schema) continue;
        const fields: string[] = [];
        unbounded(schema, '', fields);
        for (const f of fields) found.push(`${call.method} ${call.path} ${part} ${f}`);
      }
    }
    expect([...new Set(found)].sort()).toEqual([]);
  });
});
