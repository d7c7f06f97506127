import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

export const UNIVERSAL_HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';

const ASSETS = ['BTC', 'ETH', 'SOL', 'ADA', 'DOT', 'AVAX', 'LINK', 'MATIC', 'ATOM', 'XRP'];

/** Writes a universal-template CSV of buys, sells, trades, transfers and income. */
export async function writeUniversalCsv(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  out.write(`${UNIVERSAL_HEADER}\n`);
  const start = Date.UTC(2019, 0, 1);
  for (let i = 0; i < rows; i++) {
    const when = new Date(start + i * 30_000)
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC');
    const a = ASSETS[i % ASSETS.length]!;
    const b = ASSETS[(i * 7 + 3) % ASSETS.length]!;
    const qty = `${(i % 50) + 1}.${String(i % 100_000).padStart(5, '0')}`;
    let line: string;
    switch (i % 5) {
      case 0:
        line = `${when},${(i % 900) + 100}.50,USD,${qty},${a},1.25,USD,${(i % 900) + 100}.50,USD,,buy ${i},`;
        break;
      case 1:
        line = `${when},${qty},${a},${(i % 900) + 50}.10,USD,,,${(i % 900) + 50}.10,USD,,sell ${i},`;
        break;
      case 2:
        line = `${when},${qty},${a},0.${String(i).padStart(8, '0')},${b},0.0001,${a},,,,trade ${i},0x${i.toString(16).padStart(64, '0')}`;
        break;
      case 3:
        line = `${when},,,0.${String(i % 1000).padStart(4, '0')}1,${a},,,1.${i % 10},USD,reward,staking ${i},`;
        break;
      default:
        line = `${when},${qty},${a},,,0.0002,${a},,,,send ${i},0x${(i * 31).toString(16).padStart(64, '0')}`;
    }
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
