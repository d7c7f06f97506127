import { type RawBuilder, sql } from 'kysely';

/**
 * `prices.user_id` as an expression no planner takes as the way into the table. Without
 * statistics SQLite reads `asset IN (five or more) AND day BETWEEN … AND user_id IN (0, u)`
 * through `prices_user_origin_idx (user_id=?)` — every shared price, 160–350 ms on a million
 * (bench/labs) — instead of one `prices_identity_uq` range per asset (0.2–17 ms). The unary
 * plus keeps the filter and leaves the choice to the other columns; PostgreSQL accepts it too.
 */
export const priceOwner: RawBuilder<number> = sql<number>`+user_id`;
