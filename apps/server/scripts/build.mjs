#!/usr/bin/env node
// Bundles the server's TypeScript (and the workspace packages it uses) into apps/server/dist/ with
// esbuild, so a server process starts without compiling and resolving every module through tsx
// (about 4.5 s of a 6 s start; the bundle imports in under 2 s). Third-party packages stay
// external. bin/start.mjs runs the bundle only while it is newer than every source listed in
// dist/inputs.json, and the sources through tsx otherwise, so the server never runs stale code.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleDir, repoRoot as root, serverDir as server, sourceHash } from './bundle-location.mjs';

let dist;
try {
  dist = bundleDir();
} catch (error) {
  console.error(`lotwise server: ${error.message}`);
  process.exit(2);
}

const externalThirdParty = {
  name: 'external-third-party',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@lotwise/') ? undefined : { path: args.path, external: true },
    );
  },
};

// An install without dev dependencies has no esbuild: the server then runs from its sources (tsx).
const esbuild = await import('esbuild').catch(() => null);
if (!esbuild) {
  console.log('lotwise server: esbuild is not installed, so the server runs from its TypeScript sources');
  process.exit(0);
}

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
const result = await esbuild.build({
  // The worker threads are started by URL (`new URL('./calc-worker-boot.mjs', import.meta.url)`):
  // each worker is an entry of that name beside the chunk that starts it, all flat in dist/.
  entryPoints: {
    main: path.join(server, 'src/main.ts'),
    'calc-worker-boot': path.join(server, 'src/modules/tax/calc-worker.ts'),
    'report-worker-boot': path.join(server, 'src/modules/tax/report-worker.ts'),
    'import-writer-boot': path.join(server, 'src/modules/imports/import-writer.ts'),
    'parse-worker-boot': path.join(server, 'src/modules/imports/parse-worker.ts'),
  },
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
  plugins: [externalThirdParty],
  // CommonJS dependencies bundled by a workspace package may call require(); dist/ sits three
  // levels below the repository, as src/ does, so config.ts's REPO_ROOT stays right.
  banner: {
    js: "import { createRequire as __lotwiseRequire } from 'node:module'; const require = __lotwiseRequire(import.meta.url);",
  },
});
// Each source with its content's hash: bin/start.mjs runs the bundle only while every one still
// hashes the same (an mtime can go back: cp -p, rsync -a, a tarball).
const inputs = Object.fromEntries(
  Object.keys(result.metafile.inputs)
    .map((p) => path.relative(root, path.resolve(process.cwd(), p)))
    .map((p) => [p, sourceHash(p)]),
);
writeFileSync(path.join(dist, 'inputs.json'), `${JSON.stringify(inputs, null, 1)}\n`);
console.log(
  `lotwise server bundled: ${Object.keys(inputs).length} sources → ${path.relative(root, dist)}/main.mjs`,
);
