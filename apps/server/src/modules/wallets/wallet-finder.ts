import type { FoundAddress } from '@lotwise/contracts/wallets/wallet-finder';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { BTC_ADDRESS, chainName } from './add-wallet.ts';
import { isEvmChain } from './sources/etherscan-api.ts';

const EVM_ADDRESS = /^0x[0-9a-f]{40}$/;

/** An address as the finder compares it: EVM in lower case, Bitcoin as written. */
export function normaliseAddress(chain: string, address: string): string | null {
  const trimmed = address.trim();
  if (isEvmChain(chain)) return EVM_ADDRESS.test(trimmed.toLowerCase()) ? trimmed.toLowerCase() : null;
  if (chain === 'btc') return BTC_ADDRESS.test(trimmed) ? trimmed : null;
  return null;
}

/**
 * Addresses the user's imported wallets sent to or received from, on the same chain, that are
 * neither imported already nor dismissed: the most used first (at most `limit`).
 */
export async function findAddresses(
  db: Kysely<Database>,
  userId: number,
  limit = 100,
): Promise<FoundAddress[]> {
  const counterparts = (
    column: 't.to_address' | 't.from_address',
    side: 't.sent_amount' | 't.received_amount',
  ) =>
    db
      .selectFrom('transactions as t')
      .innerJoin('wallet_connections as wc', 'wc.import_history_id', 't.import_history_id')
      .select(['wc.chain as chain', `${column} as address`])
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('t.timestamp').as('last')])
      .where('t.user_id', '=', userId)
      .where(side, 'is not', null)
      .where(column, 'is not', null)
      .groupBy(['wc.chain', column])
      .execute();
  const [sent, received, connections, histories, dismissed] = await Promise.all([
    counterparts('t.to_address', 't.sent_amount'),
    counterparts('t.from_address', 't.received_amount'),
    db.selectFrom('wallet_connections').select(['chain', 'address']).where('user_id', '=', userId).execute(),
    db
      .selectFrom('import_histories')
      .select('wallet_address')
      .where('user_id', '=', userId)
      .where('wallet_address', 'is not', null)
      .execute(),
    db
      .selectFrom('wallet_finder_dismissals')
      .select(['chain', 'address'])
      .where('user_id', '=', userId)
      .execute(),
  ]);
  // The user's own addresses on any chain (an EVM address is the same key on every chain).
  const own = new Set<string>();
  for (const c of connections) own.add(c.address.toLowerCase());
  for (const h of histories) if (h.wallet_address) own.add(h.wallet_address.toLowerCase());
  const hidden = new Set(dismissed.map((d) => `${d.chain}:${d.address}`));

  const found = new Map<string, FoundAddress>();
  const add = (rows: typeof sent, direction: 'sent' | 'received') => {
    for (const row of rows) {
      const address = row.address ? normaliseAddress(row.chain, row.address) : null;
      if (!address || own.has(address.toLowerCase()) || hidden.has(`${row.chain}:${address}`)) continue;
      const key = `${row.chain}:${address}`;
      const last = String(row.last ?? '');
      const seen = found.get(key);
      if (seen) {
        seen.transactions += Number(row.n);
        if (seen.direction !== direction) seen.direction = 'both';
        if (last > seen.last_seen) seen.last_seen = last;
        continue;
      }
      found.set(key, {
        coin: row.chain,
        chain: chainName(row.chain),
        address,
        direction,
        transactions: Number(row.n),
        last_seen: last,
      });
    }
  };
  add(sent, 'sent');
  add(received, 'received');
  return [...found.values()]
    .sort((a, b) => b.transactions - a.transactions || b.last_seen.localeCompare(a.last_seen))
    .slice(0, limit);
}
