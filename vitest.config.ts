import { defineConfig } from 'vitest/config';

// One runner for the whole repository: pure packages and the server run in node,
// the SPA's component tests in jsdom, and the browser tests drive Debian chromium.
// Two forks for every project, the browser tests included: each test file has its own databases,
// and each browser test file its own server process (own port, own SQLite directory, own
// PostgreSQL database and Redis channels), so files may run side by side. Running the browser
// files one at a time after the rest left a core idle for a third of CI (issue 34).
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'repo',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
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
        },
      },
    ],
  },
});
