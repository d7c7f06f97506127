import { defineConfig } from 'vitest/config';

// One runner for the whole repository: pure packages and the server run in node,
// the SPA's component tests in jsdom, and the browser tests drive Debian chromium.
// Each test file has its own databases, and each browser test file its own server process (own
// port, own SQLite directory, own PostgreSQL database and Redis channels), so files run side by side.
//
// Two pools at once (issue 34). Isolation is a pool-wide setting in vitest 3.2
// (a project's own `isolate` is ignored), so the node projects run in the threads pool without
// per-file module isolation: a worker keeps the modules it loaded for its next file instead of
// importing the whole server again (the server project alone took 522 s isolated; all three node
// projects take 191 s not). No test mocks modules or globals, and one that changes process.env
// puts it back. The SPA's jsdom tests and the browser tests keep the isolated forks pool; the
// browser files mostly wait on their server and Chromium, so they share the cores with the node
// files (vitest 21.7 → 13.6 min on a fresh clone; CI 27–30 → 17 min).
export default defineConfig({
  test: {
    maxWorkers: 2,
    // One thread for the node projects beside two forks: with four workers on two cores, tests that
    // time things (sign-in cost, poll timeouts) failed on a loaded CI machine, and the node files
    // still finish well before the browser files.
    poolOptions: { threads: { isolate: false, maxThreads: 1, minThreads: 1 } },
    projects: [
      {
        test: {
          name: 'repo',
          pool: 'threads',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'packages',
          pool: 'threads',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          pool: 'threads',
          include: [
            'apps/server/src/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
            'apps/cli/test/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // expect.poll's 1 s default is shorter than a page's first answers on a busy 2-core CI
          // machine (an overview box still loading failed a run); Playwright's own waits allow 30 s.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
