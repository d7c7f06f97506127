import { type HardwareAccount, hardwareAccount } from '@lotwise/contracts/wallets/hardware-wallets';
import { z } from 'zod';

/**
 * The wallet desktop app's bridge: an app that shows Lotwise in its window (a webview) sets
 * `window.lotwiseWalletApp` before the page loads, with `getAccounts()` answering its accounts
 * in the spec's shape (id, currency, currencyCode, address, xPubKey, pending). Without it the
 * page is not in the wallet app's context and the hardware-wallet prompt does not appear.
 */
export interface WalletAppBridge {
  getAccounts(): Promise<unknown>;
}

declare global {
  interface Window {
    lotwiseWalletApp?: WalletAppBridge;
  }
}

export function walletApp(): WalletAppBridge | null {
  const bridge = typeof window === 'undefined' ? undefined : window.lotwiseWalletApp;
  return bridge && typeof bridge.getAccounts === 'function' ? bridge : null;
}

/** The app's accounts, checked: one it describes wrongly is left out, not a crash. */
export async function walletAppAccounts(bridge: WalletAppBridge): Promise<HardwareAccount[]> {
  const parsed = z.array(z.unknown()).safeParse(await bridge.getAccounts());
  if (!parsed.success) throw new Error('The wallet app did not list its accounts');
  return parsed.data.flatMap((a) => {
    const one = hardwareAccount.safeParse(a);
    return one.success ? [one.data] : [];
  });
}
