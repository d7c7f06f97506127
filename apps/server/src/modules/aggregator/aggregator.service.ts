import { createHash } from 'node:crypto';
import type { UserRow } from '../../db/schema.ts';
import { nowIso } from '../../db/timestamps.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import type { ImportsRepo } from '../imports/imports.repo.ts';
import { addWallet } from '../wallets/add-wallet.ts';
import { connectByApiKey } from '../wallets/connect-by-key.ts';
import type { CredentialsRepo } from '../wallets/credentials.repo.ts';
import type { SecretBox } from '../wallets/secret-box.ts';
import type { WalletConnectionsRepo } from '../wallets/wallet-connections.repo.ts';
import { type HandedAccount, redeemHandoff } from './aggregator-client.ts';

export interface HandoffResult {
  accounts: { import_history_id: number; job_id: number | null; name: string }[];
  skipped: { name: string; reason: string }[];
}

export interface AggregatorDeps {
  imports: ImportsRepo;
  credentials: CredentialsRepo;
  wallets: WalletConnectionsRepo;
  box: SecretBox;
}

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
  const seen = await db
    .selectFrom('aggregator_handoffs')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  if (seen) {
    if (seen.user_id !== user.id) {
      throw new AppError(
        'conflict',
        `This link from ${name} was already used by another account. Nothing was imported.`,
        {
          field: 'aggcode',
        },
      );
    }
    const result = JSON.parse(seen.result ?? '{"accounts":[],"skipped":[]}') as HandoffResult;
    return { message: `This link from ${name} was already used: its accounts are in your imports`, result };
  }
  const handoff = await redeemHandoff(config, code);
  if (handoff.email && handoff.email.trim().toLowerCase() !== user.email.trim().toLowerCase()) {
    throw new AppError(
      'validation_failed',
      `This link from ${name} was made for another Lotwise account: sign in with the e-mail address you gave ${name}. Nothing was imported.`,
      { field: 'aggcode' },
    );
  }
  const record = await db
    .insertInto('aggregator_handoffs')
    .values({
      user_id: user.id,
      code_hash: codeHash,
      handoff_id: handoff.id,
      result: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
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
