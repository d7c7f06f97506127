import { MAX_WALLETS_PER_CALL } from '@lotwise/contracts/wallets/wallet-finder';

export interface WalletLine {
  coin: string;
  address: string;
  name?: string;
}

export interface ParsedWalletLines {
  wallets: WalletLine[];
  /** One text per wrong line ('Line 2: …'), then a limit message if there are too many. */
  errors: string[];
}

/** The shape every line must have. */
export const LINE_FORMAT = 'chain,address[,name]';

export const lineFormatError = (line: number) => `Line ${line}: write it as ${LINE_FORMAT}`;
export const tooManyWalletsError = (count: number) =>
  `At most ${MAX_WALLETS_PER_CALL} wallets at once; you entered ${count}.`;

/** The chain ends at the first ',' or ':'; the address at the next ','; the rest is the name. */
const LINE = /^([^,:]*)[,:]([^,]*)(?:,(.*))?$/;

function parseLine(text: string): WalletLine | null {
  const match = LINE.exec(text);
  if (!match) return null;
  const coin = (match[1] ?? '').trim().toLowerCase();
  const address = (match[2] ?? '').trim();
  const name = (match[3] ?? '').trim();
  if (!coin || !address) return null;
  return name ? { coin, address, name } : { coin, address };
}

/**
 * Bulk-import text, one wallet a line: `chain,address[,name]` or `chain:address[,name]`, spaces
 * around the parts allowed. Blank lines are skipped; line numbers count every line of the text.
 */
export function parseWalletLines(text: string): ParsedWalletLines {
  const wallets: WalletLine[] = [];
  const errors: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const wallet = parseLine(line);
    if (wallet) wallets.push(wallet);
    else errors.push(lineFormatError(index + 1));
  });
  if (wallets.length > MAX_WALLETS_PER_CALL) errors.push(tooManyWalletsError(wallets.length));
  return { wallets, errors };
}

/** '1 wallet to import', '3 wallets to import'. */
export function walletsToImportText(count: number): string {
  return `${count} ${count === 1 ? 'wallet' : 'wallets'} to import`;
}
