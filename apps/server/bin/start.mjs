#!/usr/bin/env node
// Starts the server: the esbuild bundle in dist/ (scripts/build.mjs) while it is newer than every
// source it was built from, or else the TypeScript sources through tsx — never stale code.
// LOTWISE_SERVER_BUNDLE=off always runs the sources; LOTWISE_SERVER_DIST names another bundle.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const server = path.resolve(import.meta.dirname, '..');
const root = path.resolve(server, '../..');

const dist = path.resolve(root, process.env.LOTWISE_SERVER_DIST || 'apps/server/dist');

function freshBundle() {
  try {
    const main = path.join(dist, 'main.mjs');
    const built = statSync(main).mtimeMs;
    const inputs = JSON.parse(readFileSync(path.join(dist, 'inputs.json'), 'utf8'));
    for (const input of inputs) if (statSync(path.join(root, input)).mtimeMs > built) return null;
    return main;
  } catch {
    return null;
  }
}

const bundle = process.env.LOTWISE_SERVER_BUNDLE === 'off' ? null : freshBundle();
if (bundle) {
  await import(pathToFileURL(bundle).href);
} else {
  if (process.env.LOTWISE_SERVER_BUNDLE !== 'off')
    process.stderr.write(
      `lotwise server: running the TypeScript sources (slower to start): ${path.relative(root, dist)} is missing or older than a source; \`npm run build -w @lotwise/server\` rebuilds it\n`,
    );
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(server, 'src/main.ts')).href);
}
