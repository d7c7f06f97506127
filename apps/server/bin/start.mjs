#!/usr/bin/env node
// Starts the server: the esbuild bundle (scripts/build.mjs) while every source it was built from
// still has the content it had then, or else the TypeScript sources through tsx — never stale
// code. LOTWISE_SERVER_BUNDLE=off always runs the sources; LOTWISE_SERVER_DIST names another
// bundle directory in apps/server (see scripts/bundle-location.mjs).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleDir, repoRoot, serverDir, sourceHash } from '../scripts/bundle-location.mjs';

/** Why the bundle in `dist` cannot run, or null when it can. */
function staleReason(dist) {
  if (!existsSync(path.join(dist, 'main.mjs'))) return 'it is not built';
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(path.join(dist, 'inputs.json'), 'utf8'));
  } catch {
    return 'its list of sources (inputs.json) is missing or unreadable';
  }
  const entries =
    inputs && typeof inputs === 'object' && !Array.isArray(inputs) ? Object.entries(inputs) : [];
  if (!entries.some(([p]) => p === 'apps/server/src/main.ts')) return 'its list of sources is not its own';
  for (const [input, hash] of entries) {
    const inside =
      !path.isAbsolute(input) && !path.relative(repoRoot, path.resolve(repoRoot, input)).startsWith('..');
    if (!inside) return `its list of sources names ${input}, outside the repository`;
    try {
      if (sourceHash(input) !== hash) return `${input} changed since it was built`;
    } catch {
      return `${input} is gone`;
    }
  }
  return null;
}

let dist;
try {
  dist = bundleDir();
} catch (error) {
  process.stderr.write(`lotwise server: ${error.message}\n`);
  process.exit(2);
}
const reason = process.env.LOTWISE_SERVER_BUNDLE === 'off' ? 'off' : staleReason(dist);
if (reason === null) {
  await import(pathToFileURL(path.join(dist, 'main.mjs')).href);
} else {
  if (reason !== 'off')
    process.stderr.write(
      `lotwise server: running the TypeScript sources (slower to start): the bundle in ${path.relative(repoRoot, dist)} cannot run, as ${reason}; \`npm run build -w @lotwise/server\` rebuilds it\n`,
    );
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(serverDir, 'src/main.ts')).href);
}
