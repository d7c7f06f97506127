import { hardwareWalletStatus } from '@lotwise/contracts/wallets/hardware-wallets';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { authedRoute } from '../../http/route.ts';

const STATE = { complete: 'imported', 'in-progress': 'pending', failed: 'failed' } as const;

/**
 * The hardware-wallet prompt's status call (issue 18): each account of the wallet app matched by
 * chain and key (its xpub, else its address) with the user's wallets read by address.
 */
export function registerHardwareWalletRoutes(app: FastifyInstance, ctx: AppContext): void {
  authedRoute(app, hardwareWalletStatus, async ({ auth, body }) => {
    const keys = body.accounts.map((a) => (a.xPubKey || a.address).trim()).filter(Boolean);
    const rows =
      keys.length === 0
        ? []
        : await ctx.db.kysely
            .selectFrom('wallet_connections as w')
            .innerJoin('import_histories as h', 'h.id', 'w.import_history_id')
            .select(['w.chain', 'w.address', 'h.id', 'h.import_status'])
            .where('w.user_id', '=', auth.user.id)
            .where('w.address', 'in', keys)
            .execute();
    const byKey = new Map(rows.map((r) => [`${r.chain}:${r.address}`, r]));
    return {
      status: 'success' as const,
      data: body.accounts.map((a) => {
        const row = byKey.get(`${a.currencyCode.toLowerCase()}:${(a.xPubKey || a.address).trim()}`);
        return {
          id: a.id,
          state: !row ? ('new' as const) : STATE[row.import_status],
          import_history_id: row?.id ?? null,
        };
      }),
    };
  });
}
