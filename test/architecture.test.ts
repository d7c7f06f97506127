import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The architecture rules (.dependency-cruiser.cjs) must keep firing: each rule gets a small tree
 * of files that breaks it, written to a temporary directory laid out like the repository, and
 * dependency-cruiser must report exactly that rule there. A rule without a case here fails.
 */
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as IConfiguration;
const rules = (config.forbidden ?? []).map((r) => r.name);

type Tree = Record<string, string>;

/** For each rule, files that break it (relative imports only: the temp tree has no tsconfig). */
const BREAKS: Record<string, Tree> = {
  'no-circular': {
    'packages/reports/src/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
    'packages/reports/src/b.ts':
      "import type { a } from './a.ts';\nexport const b = 1 as unknown as typeof a;\n",
  },
  'packages-not-to-apps': {
    'packages/cli/src/prices.ts':
      "import { config } from '../../../apps/server/src/config.ts';\nexport { config };\n",
    'apps/server/src/config.ts': 'export const config = 1;\n',
  },
  'pure-engine-and-importers': {
    'packages/importers/src/read.ts': "import { readFileSync } from 'node:fs';\nexport { readFileSync };\n",
  },
  'engine-and-importers-only-contracts': {
    'packages/engine/src/price.ts': "import { p } from '../../prices/src/book.ts';\nexport { p };\n",
    'packages/prices/src/book.ts': 'export const p = 1;\n',
  },
  'contracts-import-nothing-of-ours': {
    'packages/contracts/src/x.ts': "import { e } from '../../engine/src/e.ts';\nexport { e };\n",
    'packages/engine/src/e.ts': 'export const e = 1;\n',
  },
  'web-feature-not-to-other-feature': {
    'apps/web/src/features/transactions/list.tsx': "import { H } from '../holdings/h.tsx';\nexport { H };\n",
    'apps/web/src/features/holdings/h.tsx': 'export const H = 1;\n',
  },
  'web-shared-not-to-features': {
    'apps/web/src/components/layouts/shell.tsx':
      "import { B } from '../../features/taxpro/b.tsx';\nexport { B };\n",
    'apps/web/src/features/taxpro/b.tsx': 'export const B = 1;\n',
  },
  'web-feature-not-to-app': {
    'apps/web/src/features/tax/page.tsx': "import { r } from '../../app/router.tsx';\nexport { r };\n",
    'apps/web/src/app/router.tsx': 'export const r = 1;\n',
  },
  'server-module-through-service': {
    'apps/server/src/modules/review/review.service.ts':
      "import { repo } from '../tax/tax-results.repo.ts';\nexport { repo };\n",
    'apps/server/src/modules/tax/tax-results.repo.ts': 'export const repo = 1;\n',
  },
  'production-not-to-tests': {
    'apps/server/src/app.ts':
      "import { replay } from '../../../packages/test-replay/src/stripe.ts';\nexport { replay };\n",
    'packages/test-replay/src/stripe.ts': 'export const replay = 1;\n',
  },
};

/** The same shapes, going the allowed way: no rule may fire on them. */
const ALLOWED: Tree = {
  'packages/contracts/src/c.ts': 'export const c = 1;\n',
  'packages/engine/src/e.ts':
    "import Decimal from 'decimal.js';\nimport { c } from '../../contracts/src/c.ts';\nexport const e = [c, Decimal];\n",
  'apps/server/src/modules/tax/tax.service.ts':
    "import { e } from '../../../../../packages/engine/src/e.ts';\nexport { e };\n",
  'apps/server/src/modules/review/review.service.ts':
    "import { e } from '../tax/tax.service.ts';\nexport { e };\n",
  'apps/server/src/modules/transactions/pairs/pair-store.ts': 'export const p = 1;\n',
  'apps/server/src/modules/transactions/pairs/pairs.service.ts':
    "import { p } from './pair-store.ts';\nexport { p };\n",
  'apps/server/src/shared/secret-box.ts': 'export const s = 1;\n',
  'apps/server/src/modules/oauth/oauth.service.ts':
    "import { p } from '../transactions/pairs/pairs.service.ts';\nimport { s } from '../../shared/secret-box.ts';\nexport { p, s };\n",
  'apps/server/test/review.test.ts':
    "import { e } from '../src/modules/review/review.service.ts';\nexport { e };\n",
  'apps/web/src/lib/format.ts': 'export const f = 1;\n',
  'apps/web/src/lib/api/tax/keys.ts': "import { f } from '../../format.ts';\nexport const k = f;\n",
  'apps/web/src/components/tax/badge.tsx': "import { k } from '../../lib/api/tax/keys.ts';\nexport { k };\n",
  'apps/web/src/features/review/page.tsx':
    "import { k } from '../../components/tax/badge.tsx';\nimport { f } from './own.ts';\nexport { f, k };\n",
  'apps/web/src/features/review/own.ts': 'export const f = 1;\n',
  'apps/web/src/app/routes/dashboard.tsx':
    "import { f } from '../../features/review/page.tsx';\nimport { e } from '../../features/tax/page.tsx';\nexport { e, f };\n",
  'apps/web/src/features/tax/page.tsx': "import { f } from '../../lib/format.ts';\nexport { f };\n",
  'apps/web/src/app/router.tsx': "import { f } from '../features/tax/page.tsx';\nexport { f };\n",
};

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function violations(tree: Tree): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lotwise-arch-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const { tsConfig: _repoOnly, ...options } = config.options ?? {};
  const result = await cruise(
    ['apps', 'packages'].filter((top) => Object.keys(tree).some((f) => f.startsWith(top))),
    {
      ...options,
      baseDir: dir,
      validate: true,
      ruleSet: { forbidden: config.forbidden ?? [] },
    },
  );
  if (typeof result.output === 'string') throw new Error('expected a cruise result');
  return result.output.summary.violations.map((v) => v.rule.name);
}

describe('architecture rules', { timeout: 60_000 }, () => {
  it('every rule has a case that breaks it', () => {
    for (const rule of rules) expect(Object.keys(BREAKS), rule).toContain(rule);
  });

  for (const rule of rules) {
    it(`${rule} fires on code that breaks it`, async () => {
      const tree = BREAKS[rule];
      expect(tree, `no case for ${rule}`).toBeDefined();
      expect(new Set(await violations(tree ?? {}))).toEqual(new Set([rule]));
    });
  }

  it('every rule is an error, with no exceptions for particular files', () => {
    for (const rule of config.forbidden ?? []) {
      expect(rule.severity, rule.name).toBe('error');
      // A pathNot may name a layer or a pattern, never one file of the repository.
      for (const not of [rule.from.pathNot, rule.to.pathNot].flat().filter(Boolean))
        expect(String(not), rule.name).not.toMatch(/\/[\w-]+\\\.(ts|tsx|js|cjs|mjs)\$?$/);
    }
  });

  it('no rule fires on the same layers importing the allowed way', async () => {
    expect(await violations(ALLOWED)).toEqual([]);
  });
});

/** Every source file of a package (tests excluded), relative to the repository. */
function sources(dir: string): string[] {
  const root = new URL('../', import.meta.url);
  return (readdirSync(new URL(dir, root), { recursive: true }) as string[])
    .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f))
    .map((f) => path.join(dir, f));
}

describe('the engine is pure', () => {
  // Imports are dependency-cruiser's; reading the clock, chance or the process is not an import.
  it('reads no clock, no randomness and no process state: what it needs comes in as parameters', () => {
    const impure = /Date\.now\(|new Date\(\)|performance\.now\(|Math\.random\(|\bprocess\./;
    const found = sources('packages/engine/src').filter((file) =>
      impure.test(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
