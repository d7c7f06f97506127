import type { LegShape, Operation } from './events.ts';

const INCOME_TYPES = new Set([
  'staking_reward',
  'airdrop',
  'mined',
  'interest_received',
  'dividend_received',
  'misc_reward',
  'masternode',
  'income',
]);

/**
 * Chooses what a row does. The user's classification wins when the row has the legs it
 * needs (an airdrop needs a received crypto leg); otherwise the row's legs and kind decide.
 */
export function chooseOperation(
  kind: string,
  classification: string | null | undefined,
  sent: LegShape | null,
  received: LegShape | null,
  fee: LegShape | null,
): Operation {
  const sentCrypto = sent !== null && !sent.fiat;
  const receivedCrypto = received !== null && !received.fiat;
  const both = sentCrypto && receivedCrypto;
  const feeCrypto = fee !== null && !fee.fiat;
  const c = classification ?? '';

  if (INCOME_TYPES.has(c) && receivedCrypto && !sentCrypto) return 'income';
  switch (c) {
    case 'payment':
      if (receivedCrypto && !sentCrypto) return 'income';
      if (sentCrypto && !receivedCrypto) return 'spend';
      break;
    case 'fork':
      if (receivedCrypto && !sentCrypto) return 'fork';
      break;
    case 'gift_received':
      if (receivedCrypto && !sentCrypto) return 'gift_in';
      break;
    case 'gift_sent':
      if (sentCrypto && !receivedCrypto) return 'gift_out';
      break;
    case 'donation_501c3':
      if (sentCrypto && !receivedCrypto) return 'donation';
      break;
    case 'lost':
    case 'stolen':
      if (sentCrypto && !receivedCrypto) return c;
      break;
    case 'purchase':
      if (sentCrypto) return 'spend';
      break;
    case 'fee':
      if (!receivedCrypto && (sentCrypto || feeCrypto)) return 'fee';
      break;
    case 'staking_lockup':
    case 'staking_return':
    case 'swap':
    case 'self_transfer':
      if (both) return 'carry';
      if (sentCrypto) return c === 'staking_lockup' ? 'stake_lock' : 'transfer_out';
      if (receivedCrypto) return c === 'staking_return' ? 'stake_return' : 'transfer_in';
      break;
    case 'business_or_investment':
      // 'Mark as Buy' / 'Mark as Sell' on a one-legged deposit or withdrawal: the user says it
      // was bought or sold, so it is an acquisition or a sale at market value, not a transfer.
      if (receivedCrypto && sent === null) return 'buy';
      if (sentCrypto && received === null) return 'sell';
      break;
    case 'switch_trade':
      // One half of a trade split over two rows; the pair (pairId) makes it a trade.
      if (sentCrypto && !receivedCrypto) return 'transfer_out';
      if (receivedCrypto && !sentCrypto) return 'transfer_in';
      break;
    case 'margin_trading_gain':
      if (receivedCrypto && !sentCrypto) return 'margin_gain';
      break;
    case 'margin_trading_loss':
      if (sentCrypto && !receivedCrypto) return 'margin_loss';
      break;
    case 'margin_trading_fee':
      if (!receivedCrypto && (sentCrypto || feeCrypto)) return 'margin_fee';
      break;
  }
  return byLegs(kind, sent, received, feeCrypto);
}

function byLegs(
  kind: string,
  sent: LegShape | null,
  received: LegShape | null,
  feeCrypto: boolean,
): Operation {
  const sentCrypto = sent !== null && !sent.fiat;
  const receivedCrypto = received !== null && !received.fiat;
  if (sentCrypto && receivedCrypto) return 'trade';
  if (receivedCrypto) {
    if (sent !== null || kind === 'buy') return 'buy';
    if (kind === 'income') return 'income';
    return 'transfer_in';
  }
  if (sentCrypto) {
    if (received !== null || kind === 'sell') return 'sell';
    if (kind === 'spend') return 'spend';
    if (kind === 'fee') return 'fee';
    return 'transfer_out';
  }
  return feeCrypto ? 'fee' : 'none';
}
