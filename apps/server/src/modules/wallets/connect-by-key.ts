import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import type { SecretBox } from '../../shared/secret-box.ts';
import type { ImportHistory } from '../imports/import-history.service.ts';
import type { CredentialsRepo } from './credentials.repo.ts';
import { accountFamily, exchangeSource } from './sources/exchange-sources.ts';
import { sourceMessage } from './sources/source-error.ts';

export interface KeyInput {
  exchange: string;
  apiKey: string;
  secret: string;
  passphrase?: string | undefined;
  customName?: string | null | undefined;
  usBased?: boolean | undefined;
}

/**
 * Connects an exchange account by its read-only API key (issue 18), sealed at rest, and queues
 * its import; the same key again is the account already connected with it, imported again.
 * Used by `POST /api/imports/v1/api_imports` and by a partner's hand-over (the aggregator).
 */
export async function connectByApiKey(
  ctx: AppContext,
  repo: ImportHistory,
  credentials: CredentialsRepo,
  box: SecretBox,
  userId: number,
  input: KeyInput,
): Promise<{ historyId: number; jobId: number; message: string; name: string }> {
  const source = exchangeSource(input.exchange);
  if (!source) throw new AppError('validation_failed', `${input.exchange} cannot be connected by API key`);
  const apiKey = input.apiKey.trim();
  const secret = input.secret.trim();
  const passphrase = input.passphrase?.trim() ?? '';
  if (!apiKey || !secret || (source.passphrase && !passphrase)) {
    const field = !apiKey ? 'api_key' : !secret ? 'secret' : 'passphrase';
    throw new AppError('validation_failed', sourceMessage(source.name, 'missing_key'), { field });
  }
  const family = accountFamily(source);
  const known = (await credentials.ofExchange(userId, input.exchange)).find(
    (c) => box.open(c.key_sealed) === apiKey,
  );
  if (known) {
    await credentials.replaceSecrets(
      known.id,
      box.seal(secret),
      source.passphrase && passphrase ? box.seal(passphrase) : null,
    );
    const job = await ctx.jobs.enqueue('import.api', userId, { historyId: known.import_history_id });
    return {
      historyId: known.import_history_id,
      jobId: job.id,
      name: family.name,
      message: `${family.name} is already connected with this key: importing its history again`,
    };
  }
  const history = await repo.createHistory({
    userId,
    name: family.name,
    slug: family.slug,
    type: 'api',
    customName: input.customName || null,
    usBased: input.usBased ?? family.usBased,
    walletAddress: null,
  });
  await credentials.save({
    userId,
    historyId: history.id,
    exchange: input.exchange,
    keySealed: box.seal(apiKey),
    secretSealed: box.seal(secret),
    passphraseSealed: source.passphrase && passphrase ? box.seal(passphrase) : null,
  });
  const job = await ctx.jobs.enqueue('import.api', userId, { historyId: history.id });
  return {
    historyId: history.id,
    jobId: job.id,
    name: family.name,
    message: `${family.name} connected: importing its history`,
  };
}
