import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [path.join(dir, e.name)]
        : [],
  );
}

/**
 * Issue 31: "Tax results — run the tax calculation first not found" was a 404 composed from a
 * label that was a sentence. notFound(what) says "<what> not found": every call names the thing
 * in a few words, as a literal (a constant could hide a sentence), without a sentence's
 * punctuation; a 404 that explains more is an AppError of its own sentence.
 */
describe('notFound labels', () => {
  it('every notFound(…) names a thing, so "<label> not found" is a sentence', () => {
    const calls: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bnotFound\(([^)]*)\)/g)) {
        calls.push(`${path.relative(SRC, file)}: ${m[1]}`);
      }
    }
    expect(calls.length).toBeGreaterThan(30);
    const label = /^(['`])[A-Z0-9][A-Za-z0-9 -]*( \$\{[a-z]+\})?\1$/;
    expect(calls.filter((c) => !label.test(c.slice(c.indexOf(': ') + 2)))).toEqual([]);
  });
});
