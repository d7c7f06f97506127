import type { CurrencyResult } from '@lotwise/contracts/prices/prices';
import { parseInstant } from '@lotwise/engine/dates';
import Decimal from 'decimal.js';
import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';

interface Query {
  code: string;
  timestamp: string;
  blockchain?: string | undefined;
  contract_address?: string | undefined;
}

export interface PriceAtTime {
  code: string;
  currency_id: string | null;
  price_usd: number;
  price_usd_exact: string;
  price: string;
  currency: string;
  source: 'file' | 'fiat_leg' | 'trade_leg' | 'manual' | 'cache' | 'provider' | 'peg' | 'missing';
  origin: string;
  day: string;
}

export interface Ambiguous {
  status: 'multiple';
  message: string;
  candidates: CurrencyResult[];
}

/**
 * One asset's price at an instant (spec 01 §7 `historical_price`): the user's own prices,
 * the table, then the providers. Several coins sharing the code and no blockchain or contract
 * to decide: the candidates, for the client's HTTP 300 ("Multiple matches").
 */
export async function historicalPriceOf(
  ctx: AppContext,
  query: Query,
  user: UserRow,
): Promise<PriceAtTime | Ambiguous> {
  const ms = parseInstant(query.timestamp.trim());
  if (ms === null) {
    throw new AppError('validation_failed', 'timestamp: must be an ISO 8601 date or date and time', {
      field: 'timestamp',
    });
  }
  const day = new Date(ms).toISOString().slice(0, 10);
  const code = query.code.trim().toUpperCase();
  const currency = user.currency.toUpperCase();
  let coinId: string | null = null;
  if (!ctx.prices.isFiat(code)) {
    const candidates = await ctx.prices.candidates(code);
    if (query.contract_address) {
      const found = await ctx.prices.identify(code, query.blockchain, query.contract_address);
      if (!found || found.alternatives.length > 0 || !candidates.some((c) => c.id === found.coin.id)) {
        throw new AppError('not_found', `No ${code} token with contract ${query.contract_address} is known`);
      }
      if (found.coin.id !== candidates[0]?.id) {
        throw new AppError(
          'not_found',
          `${code} at ${query.contract_address} is ${found.coin.name}, which Lotwise does not price by code; change the token symbol`,
        );
      }
      coinId = found.coin.id;
    } else if (candidates.length > 1 && !query.blockchain) {
      return {
        status: 'multiple',
        message: `Several coins use the code ${code}: say which with blockchain or contract_address`,
        candidates: candidates.map((c) => ({
          currency_id: c.id,
          code: c.symbol.toUpperCase(),
          name: c.name,
          rank: c.rank,
          price: null,
          icon_url: c.iconUrl ?? null,
        })),
      };
    } else {
      coinId = candidates[0]?.id ?? null;
    }
  }
  const resolution = await ctx.prices.resolve(
    [
      { asset: code, day },
      { asset: 'USD', day },
    ],
    {
      currency,
      userId: user.id,
    },
  );
  const usd = resolution.book.answer(code, 'USD', day);
  const local = resolution.book.answer(code, currency, day);
  if (!usd || !local) {
    const reason = resolution.failures[0]?.message ?? `No price for ${code} on ${day}`;
    throw new AppError('not_found', reason);
  }
  return {
    code,
    currency_id: coinId ?? (ctx.prices.isFiat(code) ? code : null),
    price_usd: Number(usd.price),
    price_usd_exact: new Decimal(usd.price).toFixed(),
    price: local.price,
    currency,
    source: local.source,
    origin: local.origin,
    day,
  };
}
