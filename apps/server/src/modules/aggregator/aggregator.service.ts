import { createHash } from 'node:crypto';
import type { UserRow } from '../../db/schema.ts';
import { nowIso } from '../../db/timestamps.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import type { SecretBox } from '../../shared/secret-box.ts';
import type { ImportHistory } from '../imports/import-history.service.ts';
import type { WalletStores } from '../wallets/wallets.service.ts';
import { addWallet, connectByApiKey } from '../wallets/wallets.service.ts';
import { type HandedAccount, redeemHandoff } from './aggregator-client.ts';

export interface HandoffResult {
  accounts: { import_history_id: number; job_id: number | null; name: string }[];
  skipped: { name: string; reason: string }[];
}

export interface AggregatorDeps {
  imports: ImportHistory;
  credentials: WalletStores['credentials'];
  wallets: WalletStores['wallets'];
  box: SecretBox;
}

/** Longer than a hand-over takes to add its accounts (each is only queued for import). */
const UNDER_WAY_MS = 10 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The partner's hand-over, redeemed once (issue 33): the code is asked of the partner, checked to
 * be this user's, recorded (the same link opened again answers what it added; another account
 * cannot reuse it), and each account it lists is connected like an API connection or a wallet by
 * address. An account that cannot be added is listed with why; the others are imported.
 */
export async function processHandoff(
  ctx: AppContext,
  deps: AggregatorDeps,
  user: UserRow,
  code: string,
): Promise<{ message: string; result: HandoffResult }> {
  const config = ctx.config.aggregator;
  if (!config) throw new AppError('not_found', 'No partner hand-over is set up on this server');
  const name = config.name;
  const db = ctx.db.kysely;
  const codeHash = sha256(code);
  // The code is claimed before the partner is asked (the unique hash is the lock): two requests
  // with one link (two tabs, a double click) do not both redeem it, and the one that loses is
  // answered from the claim instead of by an error of the partner's or of the database.
  const record = await db
    .insertInto('aggregator_handoffs')
    .values({ user_id: user.id, code_hash: codeHash, handoff_id: null, result: null, created_at: nowIso() })
    .onConflict((oc) => oc.column('code_hash').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!record) return answerSeen(ctx, user, codeHash, name);
  let handoff: Awaited<ReturnType<typeof redeemHandoff>>;
  try {
    handoff = await redeemHandoff(config, code);
    if (handoff.email && handoff.email.trim().toLowerCase() !== user.email.trim().toLowerCase()) {
      throw new AppError(
        'validation_failed',
        `This link from ${name} was made for another Lotwise account: sign in with the e-mail address you gave ${name}. Nothing was imported.`,
        { field: 'aggcode' },
      );
    }
  } catch (error) {
    // Nothing was added: the claim goes, so a partner that was down can be tried again.
    await db.deleteFrom('aggregator_handoffs').where('id', '=', record.id).execute();
    throw error;
  }
  await db
    .updateTable('aggregator_handoffs')
    .set({ handoff_id: handoff.id })
    .where('id', '=', record.id)
    .execute();
  const result: HandoffResult = { accounts: [], skipped: [] };
  for (const account of handoff.accounts) {
    const label =
      account.name || (account.type === 'exchange' ? account.exchange : `${account.chain} wallet`);
    try {
      result.accounts.push({ ...(await connect(ctx, deps, user.id, account)), name: label });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.skipped.push({ name: label, reason: error.message });
    }
  }
  await db
    .updateTable('aggregator_handoffs')
    .set({ result: JSON.stringify(result) })
    .where('id', '=', record.id)
    .execute();
  const n = result.accounts.length;
  const added = `${n} account${n === 1 ? '' : 's'} from ${name} added: importing their history`;
  const skipped = result.skipped.length ? `; ${result.skipped.length} could not be added` : '';
  return { message: `${added}${skipped}`, result };
}

/** A code already claimed: its user's answer (or that it is under way), another user refused. */
async function answerSeen(ctx: AppContext, user: UserRow, codeHash: string, name: string) {
  const seen = await ctx.db.kysely
    .selectFrom('aggregator_handoffs')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  if (seen && seen.user_id !== user.id) {
    throw new AppError(
      'conflict',
      `This link from ${name} was already used by another account. Nothing was imported.`,
      { field: 'aggcode' },
    );
  }
  if (seen && !seen.result && Date.parse(seen.created_at) < Date.now() - UNDER_WAY_MS) {
    // The server stopped while adding them (the partner has redeemed the code by then).
    throw new AppError(
      'conflict',
      `Adding the accounts of this link from ${name} was interrupted: those added are in your imports; ask ${name} for a new link for the others.`,
      { field: 'aggcode' },
    );
  }
  if (!seen?.result) {
    throw new AppError(
      'conflict',
      `This link from ${name} is being added right now: its accounts will appear in your imports.`,
      { field: 'aggcode' },
    );
  }
  const result = JSON.parse(seen.result) as HandoffResult;
  return { message: `This link from ${name} was already used: its accounts are in your imports`, result };
}

async function connect(ctx: AppContext, deps: AggregatorDeps, userId: number, account: HandedAccount) {
  if (account.type === 'exchange') {
    const done = await connectByApiKey(ctx, deps.imports, deps.credentials, deps.box, userId, {
      exchange: account.exchange,
      apiKey: account.api_key,
      secret: account.secret,
      passphrase: account.passphrase ?? undefined,
      customName: account.name ?? null,
    });
    return { import_history_id: done.historyId, job_id: done.jobId };
  }
  const added = await addWallet(ctx, deps.imports, deps.wallets, userId, {
    coin: account.chain,
    address: account.address,
    name: account.name ?? null,
  });
  return { import_history_id: added.importHistoryId, job_id: added.jobId };
}
