#!/usr/bin/env node
// The CLI is written in TypeScript. `npm install` bundles packages/cli's offline commands into
// packages/cli/dist/ (packages/cli/scripts/build.mjs) so `import`, `calc` and `report` start
// without compiling anything; when there is no bundle, or a
// source file changed since it was built, or the command is another one, tsx compiles the
// sources on the fly instead, so the CLI never runs stale code.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../../..');
const cli = path.join(root, 'packages/cli');
/** The worker's young generation (both semi-spaces and the large-object space), MiB. */
const YOUNG_MB = Number(process.env.LOTWISE_CLI_YOUNG_MB) || 192;
/** Inputs from this size (together) run in the worker: 1.1M rows of the bench are 97 MB. */
const WORKER_FROM_BYTES = 32 * 1024 * 1024;
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

/**
 * Runs the bundle in a worker thread whose young generation is 192 MiB (V8's default semi-spaces
 * are 16 MiB; a flag cannot change them once the process runs): parsing a large file set keeps
 * every row alive, and with the default the collector spends a quarter of a calculation copying
 * survivors between semi-spaces (`node --cpu-prof`, 1.1M rows: 5 s of 20 s). The worker exits
 * with the command's exit code. Only for large inputs (files named on the command line of
 * WORKER_FROM_BYTES or more together): on 10 MB (110,000 rows) the worker's start and the larger
 * young generation's fresh pages cost what the fewer scavenges save. LOTWISE_CLI_WORKER=off
 * runs the bundle on the main thread, =on in a worker whatever the size.
 */
async function runBundle(main) {
  const worker = process.env.LOTWISE_CLI_WORKER;
  if (worker === 'off' || (worker !== 'on' && inputBytes() < WORKER_FROM_BYTES)) {
    await import(main);
    return;
  }
  const { Worker } = await import('node:worker_threads');
  const thread = new Worker(new URL('./in-worker.mjs', import.meta.url), {
    argv: process.argv.slice(2),
    workerData: { bundle: pathToFileURL(main).href },
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB },
    stdin: false,
  });
  thread.on('error', (error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exitCode = 1;
  });
  thread.on('exit', (code) => {
    if (process.exitCode === undefined || process.exitCode === 0) process.exitCode = code;
  });
}

/** The total size of the command line's arguments that are files (a calculation's inputs). */
function inputBytes() {
  let total = 0;
  for (const arg of process.argv.slice(3)) {
    if (arg.startsWith('-')) continue;
    try {
      const stat = statSync(arg);
      if (stat.isFile()) total += stat.size;
    } catch {
      // an option's value, or a file the command itself will report as missing
    }
  }
  return total;
}

const bundle = freshBundle();
// Which code runs, for the tests and for anyone wondering why a change did not show.
if (process.env.LOTWISE_CLI_TRACE === '1')
  process.stderr.write(`lotwise: ${bundle ? 'bundle' : 'sources'}\n`);
if (bundle) {
  await runBundle(bundle);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
