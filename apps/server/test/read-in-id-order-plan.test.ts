import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportsRepo } from '../src/modules/imports/imports.repo.ts';
import { inputChunk } from '../src/modules/tax/engine-input.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * The tax calculation's read and the transactions export walk a user's rows in id order a
 * chunk at a time. Each chunk must be one range of the (user_id, id) index: with a sort step
 * SQLite takes and sorts every remaining row per chunk, and a million rows took 43.7 s to read
 * instead of a few. Results alone can't tell, so the plan is checked.
 */
describe('sqlite: chunked reads in id order walk the (user_id, id) index', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.dispose());

  const planOf = (compiled: { sql: string; parameters: readonly unknown[] }): string => {
    const params = compiled.parameters.map((p) => (typeof p === 'boolean' ? Number(p) : p));
    const plan = (server.ctx.db.sqlite?.prepare(`EXPLAIN QUERY PLAN ${compiled.sql}`).all(...params) ??
      []) as { detail: string }[];
    return plan.map((p) => p.detail).join('\n');
  };

  const cases = {
    'tax input, all rows': {},
    'tax input, from a date': { from: '2024-01-01T00:00:00.000Z' },
    'tax input, transfer candidates': { transferCandidates: true },
  };
  for (const [name, filter] of Object.entries(cases)) {
    it(`${name}: an index range, no sort step`, () => {
      const steps = planOf(inputChunk(server.ctx.db.kysely, 1, 500, filter).compile());
      expect(steps).toMatch(/transactions_user_id_idx \(user_id=\? AND id>\?\)/);
      expect(steps).not.toMatch(/TEMP B-TREE/);
    });
  }

  for (const historyId of [undefined, 3]) {
    it(`export of ${historyId ? 'one account' : 'every account'}: an index range, no sort step`, () => {
      const repo = new ImportsRepo(server.ctx.db.kysely);
      const steps = planOf(repo.exportChunk(1, 500, historyId, 5000).compile());
      expect(steps).toMatch(/transactions_user_id_idx \(user_id=\? AND id>\?\)/);
      expect(steps).not.toMatch(/TEMP B-TREE/);
    });
  }
});
