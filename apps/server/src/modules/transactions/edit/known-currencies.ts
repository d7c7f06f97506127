import { isFiatCode } from '@lotwise/contracts/transactions/fiat';
import type { AppContext } from '../../../http/context.ts';
import { AppError } from '../../../http/errors.ts';

/** A currency typed into the edit dialog or the manual entry form, with the field it came from. */
export interface TypedCurrency {
  field: string;
  label: string;
  code: string | null | undefined;
}

/** Letters, digits and `.-_` (BTC, USDC.E, 1INCH, LP-TOKEN): no markup, spaces or emoji. */
const CODE = /^[A-Z0-9][A-Z0-9._-]{0,19}$/;

/**
 * Refuses currencies nobody knows (issue 29: `NOT A CURRENCY <script>` and emoji were saved).
 * A code is accepted when it is a fiat code, a coin in the catalogue (the built-in list plus
 * what price providers told this instance), one of `keep` (the row's own currencies, which an
 * import may have written as a contract address), or an asset the user already has in their
 * transactions (a token the catalogue does not list). Every refused field is named at once.
 */
export async function checkKnownCurrencies(
  ctx: AppContext,
  userId: number,
  typed: TypedCurrency[],
  keep: (string | null)[] = [],
): Promise<void> {
  const kept = new Set(keep.filter((k): k is string => k !== null).map((k) => k.trim().toUpperCase()));
  const issues: { field: string; message: string }[] = [];
  for (const { field, label, code } of typed) {
    const value = code?.trim().toUpperCase() ?? '';
    if (value === '' || kept.has(value) || isFiatCode(value)) continue;
    if (
      CODE.test(value) &&
      ((await ctx.prices.knowsSymbol(value)) || (await userHasAsset(ctx, userId, value)))
    ) {
      continue;
    }
    const shown = value.length > 40 ? `${value.slice(0, 37)}...` : value;
    issues.push({ field, message: `${label} "${shown}" is not a known currency: choose one from the list` });
  }
  if (issues.length > 0) {
    const messages = issues.map((i) => i.message);
    throw new AppError('validation_failed', messages.join('. '), { messages, field: issues[0]?.field });
  }
}

async function userHasAsset(ctx: AppContext, userId: number, code: string): Promise<boolean> {
  const found = await ctx.db.kysely
    .selectFrom('transactions')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([eb('sent_asset', '=', code), eb('received_asset', '=', code), eb('fee_asset', '=', code)]),
    )
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}
