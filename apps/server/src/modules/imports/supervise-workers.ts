import type { Worker } from 'node:worker_threads';

/** How a message of the watched worker is taken: go on, or end the run with a result or error. */
export type Settle<T> = { done: T } | { failed: Error } | undefined;

/**
 * Runs worker threads until the watched one (the first) ends the run: its messages are
 * handled strictly one after another (a batch is stored before the next is looked at); a
 * handler's error, a worker's error or a worker stopping early fails the run. Every
 * worker is terminated once the run is settled.
 */
export function superviseWorkers<M, T>(
  workers: [Worker, string][],
  handle: (message: M) => Promise<Settle<T>>,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (outcome: Exclude<Settle<T>, undefined>) => {
      if (settled) return;
      settled = true;
      for (const [worker] of workers) void worker.terminate();
      if ('failed' in outcome) reject(outcome.failed);
      else resolve(outcome.done);
    };
    const fail = (error: unknown) =>
      finish({ failed: error instanceof Error ? error : new Error(String(error)) });
    let queue = Promise.resolve();
    workers[0]?.[0].on('message', (message: M) => {
      queue = queue
        .then(async () => {
          if (settled) return;
          const outcome = await handle(message);
          if (outcome) finish(outcome);
        })
        .catch(fail);
    });
    for (const [worker, name] of workers) {
      worker.once('error', fail);
      worker.once('exit', (code) => {
        if (!settled) fail(new Error(`${name} stopped (exit code ${code})`));
      });
    }
  });
}
