import { execFile } from 'node:child_process';

/**
 * Runs a Node script (the `lotwise` CLI) in a child process without blocking the test worker:
 * a spawnSync of several seconds on a loaded machine kept vitest's worker from answering its
 * runner and failed a whole run ("Timeout calling onTaskUpdate").
 */
export function runNode(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ status: code, stdout, stderr });
      },
    );
  });
}
