import { readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  changeTokenSymbol,
  deletePriceFile,
  historicalPrice,
  listPriceFiles,
  refetchPrice,
  searchCurrencies,
  uploadPriceFile,
  valueSources,
} from '@lotwise/contracts/prices/prices';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { authedRoute } from '../../http/route.ts';
import { receiveUpload } from '../../http/upload.ts';
import { parseRoles } from '../users/users.service.ts';
import { changeTokenSymbol as changeSymbol } from './change-symbol.ts';
import { currencyResults } from './currency-search.ts';
import { historicalPriceOf } from './historical-price.ts';
import { loadValuedRows, rowValues } from './row-values.ts';

/** Price files are small (a row a day per asset): more than this is not a price file. */
const MAX_PRICE_FILE_BYTES = 50 * 1024 * 1024;

export function registerPriceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { prices } = ctx;

  authedRoute(app, searchCurrencies, async ({ query, auth }) => ({
    data: await currencyResults(ctx, query.q, auth.user.currency),
  }));

  authedRoute(app, historicalPrice, async ({ query, auth, reply }) => {
    const answer = await historicalPriceOf(ctx, query, auth.user);
    if ('candidates' in answer) {
      // Spec 01 §8: several coins share the code; the client asks for blockchain/contract_address.
      return reply.code(300).send(answer) as never;
    }
    return { data: answer };
  });

  authedRoute(app, listPriceFiles, async ({ auth }) => ({
    data: {
      files: await prices.repo.userFiles(auth.user.id),
      providers: prices.providerNames,
      pegs: [...prices.settings.pegs].map(([asset, currency]) => ({ asset, currency })),
      can_load_shared: parseRoles(auth.user.roles).includes('admin'),
    },
  }));

  authedRoute(app, uploadPriceFile, async ({ request, auth }) => {
    const upload = await receiveUpload(request, path.join(ctx.config.dataDir, 'uploads'));
    try {
      if (upload.sizeBytes > MAX_PRICE_FILE_BYTES) {
        throw new AppError('validation_failed', 'file: a price file is at most 50 MB');
      }
      const shared = upload.fields.shared === 'true';
      if (shared && !parseRoles(auth.user.roles).includes('admin')) {
        throw new AppError('forbidden', 'Only an administrator can load prices for everyone.');
      }
      const result = await prices.loadFile(
        await readFile(upload.storagePath),
        path.basename(upload.fileName),
        {
          userId: shared ? null : auth.user.id,
          asset: upload.fields.asset || undefined,
          currency: upload.fields.currency || undefined,
        },
      );
      if (!result.ok) {
        throw new AppError('validation_failed', `${upload.fileName}: ${result.errors[0]}`, {
          messages: result.errors.map((e) => `${upload.fileName}: ${e}`),
          field: 'file',
        });
      }
      return {
        status: 'success' as const,
        message: `Loaded ${result.count} ${result.count === 1 ? 'price' : 'prices'} for ${result.assets.join(', ')}. Recalculate your taxes to use ${result.count === 1 ? 'it' : 'them'}.`,
        data: result,
      };
    } finally {
      await unlink(upload.storagePath).catch(() => {});
    }
  });

  authedRoute(app, deletePriceFile, async ({ query, auth }) => {
    if (!query.origin.startsWith('user:'))
      throw new AppError('forbidden', 'Only your own price files can be removed here.');
    const removed = await prices.repo.deleteUserOrigin(auth.user.id, query.origin);
    if (removed === 0) throw notFound('Price file');
    return {
      status: 'success' as const,
      message: `Removed ${removed} ${removed === 1 ? 'price' : 'prices'}. Recalculate your taxes to update them.`,
    };
  });

  authedRoute(app, valueSources, async ({ query, auth }) => {
    const ids = query.ids.split(',').map(Number);
    const currency = auth.user.currency.toUpperCase();
    const rows = await loadValuedRows(ctx.db.kysely, auth.user.id, ids, currency);
    const { values } = await rowValues(prices, rows, { currency, userId: auth.user.id });
    return { data: Object.fromEntries([...values].map(([id, value]) => [String(id), value])) };
  });

  authedRoute(app, refetchPrice, async ({ body, auth }) => {
    const currency = auth.user.currency.toUpperCase();
    const [row] = await loadValuedRows(ctx.db.kysely, auth.user.id, [body.transaction_id], currency);
    if (!row) throw notFound('Transaction');
    const result = await rowValues(prices, [row], {
      currency,
      userId: auth.user.id,
      online: true,
      refetch: true,
    });
    const value = result.values.get(row.id)!;
    const message =
      value.source !== 'missing'
        ? 'Price found. Recalculate your taxes to use it.'
        : (result.failures[0] ??
          (prices.providerNames.length === 0
            ? 'No price provider is configured; add a value manually or load a price file.'
            : 'The price providers have no price for this asset on this date.'));
    return {
      status: 'success' as const,
      message,
      data: { value, failures: result.failures, fetched: result.fetched },
    };
  });

  authedRoute(app, changeTokenSymbol, async ({ body, auth }) => ({
    status: 'success' as const,
    message: await changeSymbol(ctx.db.kysely, auth.user.id, body.transaction_id, body.from, body.to),
  }));
}
