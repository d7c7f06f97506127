import type { EngineEvent } from '../events.ts';
import { gainTotals, type HandlerContext } from './context.ts';

/**
 * A switch trade pair (the Switch Trade dialog joins them): one asset left an account and
 * another arrived, possibly in another account. Unlike a rebrand this is a trade: the sent
 * units are disposed of at the value of the exchange (the incoming half's value first, else
 * the outgoing half's), and the received units are acquired at that value where they arrived.
 */
export function handleSwitchTrade(p: HandlerContext, event: EngineEvent, into: EngineEvent): void {
  const sent = event.sent!;
  const received = into.received!;
  const valued: EngineEvent =
    into.fiatValue !== null
      ? {
          ...event,
          received,
          fiatValue: into.fiatValue,
          fiatText: into.fiatText,
          fiatCurrency: into.fiatCurrency,
        }
      : { ...event, received };
  const value = p.pricer.txValue(valued);
  const taken = p.ledger.remove(event.wallet, sent.asset, sent.amount);
  const fee = p.chargeFee(event);
  const intoFee = p.chargeFee(into);
  if (value === null) {
    p.rec.prices.missingPrice(event, `${sent.asset}/${received.asset}`, [
      ...gainTotals(event.year),
      `basis of ${received.asset} lot ${into.id}`,
    ]);
  }
  p.rec.disposal(event, {
    category: 'trade',
    asset: sent.asset,
    wallet: event.wallet,
    taken,
    proceeds: value === null || fee.value === null ? null : value - fee.value,
  });
  const qty = p.netReceived(into, received, intoFee.net);
  p.ledger.acquire(into.wallet, received.asset, qty, value ?? 0n, into.id, p.origin(into));
}
