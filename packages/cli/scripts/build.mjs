#!/usr/bin/env node
// Bundles the CLI's TypeScript (and the workspace packages it uses) into dist/ with esbuild, so
// `lotwise` starts without compiling TypeScript on every run. Third-party packages stay external
// (node resolves them from node_modules as usual). apps/cli/bin/lotwise.mjs uses the bundle only while it
// is newer than every source file listed in dist/inputs.json, and falls back to tsx otherwise.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const cli = path.resolve(import.meta.dirname, '..');
const root = path.resolve(cli, '../..');
const dist = path.join(cli, 'dist');

/**
 * Bare specifiers outside the monorepo stay imports; @lotwise/* sources are bundled (the offline
 * commands import no app: `prices`, which needs the server, is apps/cli's and never bundled).
 */
const externalThirdParty = {
  name: 'external-third-party',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@lotwise/') && !args.path.startsWith('@lotwise/server/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

// An install without dev dependencies has no esbuild: the CLI then runs from its sources (tsx).
const esbuild = await import('esbuild').catch(() => null);
if (!esbuild) {
  console.log('lotwise CLI: esbuild is not installed, so the CLI runs from its TypeScript sources');
  process.exit(0);
}
const { build } = esbuild;

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
const result = await build({
  entryPoints: [path.join(cli, 'src/main.ts')],
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
  plugins: [externalThirdParty],
  // Workers and worker boot files are loaded by path at run time: keep import.meta.url meaningful.
  banner: {
    js: "import { createRequire as __lotwiseRequire } from 'node:module'; const require = __lotwiseRequire(import.meta.url);",
  },
});
const inputs = Object.keys(result.metafile.inputs).map((p) =>
  path.relative(root, path.resolve(process.cwd(), p)),
);
writeFileSync(path.join(dist, 'inputs.json'), `${JSON.stringify(inputs)}\n`);
console.log(`lotwise CLI bundled: ${inputs.length} sources → ${path.relative(root, dist)}/main.js`);
