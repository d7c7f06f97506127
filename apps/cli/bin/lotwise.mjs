#!/usr/bin/env node
// The CLI is written in TypeScript. `npm install` bundles packages/cli's offline commands into
// packages/cli/dist/ (packages/cli/scripts/build.mjs) so `import`, `calc` and `report` start
// without compiling anything; when there is no bundle, or a
// source file changed since it was built, or the command is another one, tsx compiles the
// sources on the fly instead, so the CLI never runs stale code.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const cli = path.join(root, 'packages/cli');
const BUNDLED = new Set(['import', 'calc', 'report']);

function freshBundle() {
  if (process.env.LOTWISE_CLI_BUNDLE === 'off' || !BUNDLED.has(process.argv[2] ?? '')) return null;
  try {
    const main = path.join(cli, 'dist/main.js');
    const built = statSync(main).mtimeMs;
    const inputs = JSON.parse(readFileSync(path.join(cli, 'dist/inputs.json'), 'utf8'));
    for (const input of inputs) if (statSync(path.join(root, input)).mtimeMs > built) return null;
    return main;
  } catch {
    return null;
  }
}

const bundle = freshBundle();
// Which code runs, for the tests and for anyone wondering why a change did not show.
if (process.env.LOTWISE_CLI_TRACE === '1')
  process.stderr.write(`lotwise: ${bundle ? 'bundle' : 'sources'}\n`);
if (bundle) {
  await import(bundle);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
