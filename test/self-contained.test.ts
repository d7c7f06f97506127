import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository tests and benchmarks itself with nothing beside it: no code, test or script
 * names a path that leaves the clone (a relative path climbing above the root, the steering
 * folder's specs and formats, or an absolute path of one machine).
 */
const ROOT = resolve(import.meta.dirname, '..');
const CODE = /\.(ts|tsx|mts|mjs|js|cjs|json|sh)$|^\.ci\/run$/;

function trackedCodeFiles(): string[] {
  const out = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' });
  return out
    .split('\n')
    .filter((f) => CODE.test(f) && f !== 'package-lock.json' && !f.startsWith('fixtures/'));
}

/**
 * Files whose `../` strings are the sources of a tree they write to a temporary directory (the
 * architecture test's rule-breaking modules): resolved there, never against the repository.
 */
const TEMP_TREE_SOURCES = new Set(['test/architecture.test.ts']);

/** Every quoted string that starts with ../ (import specifiers and fs paths alike). */
function relativeStrings(text: string): string[] {
  return [...text.matchAll(/['"`]((?:\.\.\/)+[^'"`\s]*)['"`]/g)].map((m) => m[1] ?? '');
}

describe('the repository is self-contained', () => {
  const files = trackedCodeFiles();

  it('finds the code it checks', () => {
    expect(files.length).toBeGreaterThan(500);
    // An exemption outliving its file would hide nothing, but says something untrue.
    for (const file of TEMP_TREE_SOURCES) expect(files).toContain(file);
  });

  it('has no relative path that climbs out of the repository', () => {
    const escapes: string[] = [];
    for (const file of files) {
      if (TEMP_TREE_SOURCES.has(file)) continue;
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const spec of relativeStrings(text)) {
        const target = resolve(ROOT, dirname(file), spec);
        if (relative(ROOT, target).startsWith('..')) escapes.push(`${file}: ${spec}`);
      }
    }
    expect(escapes).toEqual([]);
  });

  it("names neither the steering folder's specs and formats nor a machine's absolute paths", () => {
    const hits: string[] = [];
    for (const file of files) {
      if (file === 'test/self-contained.test.ts') continue;
      const text = readFileSync(join(ROOT, file), 'utf8');
      if (/shared\/(formats|spec|bench)\/|['"`]\/work\/|['"`]\/root\/|['"`]\/home\//.test(text))
        hits.push(file);
    }
    expect(hits).toEqual([]);
  });
});
