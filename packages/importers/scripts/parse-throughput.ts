/**
 * Parse throughput on a generated Koinly universal CSV (default 1M rows):
 *   npx tsx packages/importers/scripts/parse-throughput.ts [rows] [--parse-file]
 * Prints rows/s for the bare CSV tokenizer (lower bound on cost), parseStream with 64 KB chunks
 * into a counting sink, and optionally parseFile (holds everything; needs a lot of memory).
 */
import { CsvTokenizer } from '../src/core/csv.ts';
import { parseFile } from '../src/parse.ts';
import { chunksOf, parseStream } from '../src/parse-stream.ts';

const rows = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 1_000_000);
const withParseFile = process.argv.includes('--parse-file');
const CHUNK = 65_536;

function generate(n: number): Uint8Array {
  const parts = [
    'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash\n',
  ];
  const base = Date.UTC(2020, 0, 1);
  for (let i = 0; i < n; i += 1) {
    const d = new Date(base + i * 60_000).toISOString().replace('T', ' ').slice(0, 19);
    parts.push(
      i % 3 === 0
        ? `${d} UTC,1000.${i % 100},EUR,0.0${(i % 997) + 1},BTC,2.50,EUR,1000,EUR,,Buy ${i},\n`
        : i % 3 === 1
          ? `${d} UTC,,,0.5,DOT,,,3.10,EUR,reward,"Staking, payout",\n`
          : `${d} UTC,0.005,BTC,,,0.00001,BTC,,,,Send,0xabc${i}\n`,
    );
  }
  return new TextEncoder().encode(parts.join(''));
}

/** Wall time and CPU time (the latter is steadier on a shared machine). */
function clock(): () => { wall: number; cpu: number } {
  const t = performance.now();
  const c = process.cpuUsage();
  return () => {
    const d = process.cpuUsage(c);
    return { wall: performance.now() - t, cpu: (d.user + d.system) / 1000 };
  };
}

function report(label: string, time: { wall: number; cpu: number }, extra = ''): void {
  const rate = (ms: number) =>
    Math.round((rows / ms) * 1000)
      .toLocaleString('en')
      .padStart(10);
  console.log(
    `${label.padEnd(26)} wall ${(time.wall / 1000).toFixed(2).padStart(6)} s ${rate(time.wall)} rows/s | cpu ${(time.cpu / 1000).toFixed(2).padStart(6)} s ${rate(time.cpu)} rows/s ${extra}`,
  );
}

const bytes = generate(rows);
console.log(`${rows.toLocaleString('en')} rows, ${(bytes.length / 2 ** 20).toFixed(1)} MB`);

{
  const t = clock();
  const decoder = new TextDecoder();
  const tokenizer = new CsvTokenizer(',');
  let n = 0;
  for (let k = 0; k < bytes.length; k += CHUNK) {
    tokenizer.push(decoder.decode(bytes.subarray(k, k + CHUNK), { stream: true }));
    while (tokenizer.next() !== null) n += 1;
  }
  tokenizer.end();
  while (tokenizer.next() !== null) n += 1;
  report('decode + tokenize only', t(), `(${n} records)`);
}

{
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = heapBefore;
  let n = 0;
  const t = clock();
  const summary = await parseStream(
    chunksOf(bytes, CHUNK),
    {},
    {
      records(batch) {
        n += batch.length;
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      },
    },
  );
  const time = t();
  if (n !== rows || summary.errors !== 0) throw new Error(`unexpected result ${JSON.stringify(summary)}`);
  report('parseStream (64 KB chunks)', time, `(peak heap +${((peak - heapBefore) / 2 ** 20).toFixed(0)} MB)`);
}

if (withParseFile) {
  const t = clock();
  const result = parseFile(bytes);
  report('parseFile', t(), `(${result.transactions.length} records)`);
}
