import { execFile } from 'node:child_process';

/**
 * Runs the CLI in a child process without blocking the test worker: back-to-back spawnSync
 * calls held vitest's worker past its runner's 60 s reply timeout on a loaded machine and
 * failed a whole run ("Timeout calling onTaskUpdate").
 */
export function runNode(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
