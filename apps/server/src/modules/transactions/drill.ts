import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

interface DrillStep {
  transaction_id: number | null;
  asset: string;
  amount: string;
  date: string | null;
  exchange: string | null;
  direction: 'in' | 'out';
}

/** A lot as the calculation's audit trail records it; read defensively (the engine owns the shape). */
function lotSteps(lotsJson: string): DrillStep[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(lotsJson);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const steps: DrillStep[] = [];
  for (const lot of parsed) {
    if (typeof lot !== 'object' || lot === null) continue;
    const l = lot as Record<string, unknown>;
    const tx = l.transaction_id ?? l.transactionId ?? l.source_transaction_id ?? null;
    steps.push({
      transaction_id:
        typeof tx === 'number' ? tx : typeof tx === 'string' && /^\d+$/.test(tx) ? Number(tx) : null,
      asset: String(l.asset ?? ''),
      amount: String(l.amount ?? ''),
      date:
        typeof l.acquiredAt === 'string'
          ? l.acquiredAt
          : typeof l.acquired_at === 'string'
            ? l.acquired_at
            : null,
      exchange: typeof l.wallet === 'string' ? l.wallet : null,
      direction: 'in',
    });
  }
  return steps;
}

/**
 * A transaction's flow from the latest complete calculation: the lots its disposals used
 * (where the units came from) and the disposals themselves (where they went).
 */
export async function drill(db: Kysely<Database>, userId: number, id: number) {
  const calc = await db
    .selectFrom('tax_calculations')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'complete')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!calc) return { available: false, steps: [] as DrillStep[] };
  const disposals = await db
    .selectFrom('tax_disposals')
    .select(['asset', 'amount', 'disposed_timestamp', 'wallet', 'lots'])
    .where('calc_id', '=', calc.id)
    .where('transaction_id', '=', id)
    .execute();
  const steps: DrillStep[] = [];
  for (const d of disposals) {
    steps.push(...lotSteps(d.lots));
    steps.push({
      transaction_id: id,
      asset: d.asset,
      amount: String(d.amount),
      date: d.disposed_timestamp,
      exchange: d.wallet,
      direction: 'out',
    });
  }
  return { available: true, steps };
}
