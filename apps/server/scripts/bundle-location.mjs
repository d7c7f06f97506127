// Where the server bundle may live, for scripts/build.mjs (which empties it first) and
// bin/start.mjs: apps/server/dist, or with LOTWISE_SERVER_DIST another directory directly in
// apps/server named dist or .dist-<name> (tests build their own). Anything else is refused: the
// build must never empty a directory it did not make, and only there do the bundle's
// `import.meta.url`-relative paths (config.ts's REPO_ROOT, node_modules) resolve as from src/.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const serverDir = path.resolve(import.meta.dirname, '..');
export const repoRoot = path.resolve(serverDir, '../..');

/** The bundle's directory, or throws an Error saying what LOTWISE_SERVER_DIST may name. */
export function bundleDir(env = process.env) {
  const dist = path.resolve(repoRoot, env.LOTWISE_SERVER_DIST || 'apps/server/dist');
  const name = path.basename(dist);
  if (path.dirname(dist) !== serverDir || !(name === 'dist' || /^\.dist-[\w-]+$/.test(name)))
    throw new Error(
      `LOTWISE_SERVER_DIST must name apps/server/dist or apps/server/.dist-<name>, not ${env.LOTWISE_SERVER_DIST}`,
    );
  return dist;
}

/** sha256 of a source file, by its path relative to the repository. */
export function sourceHash(relative) {
  return createHash('sha256')
    .update(readFileSync(path.join(repoRoot, relative)))
    .digest('hex');
}
