/**
 * Lets the server answer waiting requests before a job's next step. SQLite calls are
 * synchronous and their awaits resolve as microtasks, so a job that reads or writes in a loop
 * would otherwise hold the event loop until the loop ends (1.7 s for a 100k-row read).
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
