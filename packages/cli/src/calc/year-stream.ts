import type { DisposalLine, YearSummary } from '@lotwise/engine/types';
import { BufferPool } from './byte-chunk.ts';
import { type CalcJson, emptyYear, type YearJson, yearTotals } from './output.ts';
import { entries, JsonChunks, pieces } from './write-json.ts';
import { YearLines } from './year-lines.ts';

/** Where a year's entries are printed (the year itself at four spaces, under "years"). */
const YEAR_INDENT = '    ';

/**
 * The `--json` document written as the calculation goes: writeJson's layout of toJson's
 * document, each year printed when the engine hands it over (`onYear`), the rest at the end.
 * Its disposal lines come one by one as the engine records them (`onDisposal`): a long list's
 * lines are encoded at once (year-lines.ts), so no line object outlives its row.
 */
export class YearStream {
  private readonly out: JsonChunks;
  private first = true;
  private readonly lines = new Map<number, YearLines>();
  /** The years' chunks of lines, used again from year to year (byte-chunk.ts). */
  private readonly pool = new BufferPool();

  /** `only`: the --year asked for (the others are not printed). */
  constructor(
    private readonly only: number | null,
    out: NodeJS.WritableStream = process.stdout,
  ) {
    this.out = new JsonChunks(out);
    this.out.put('{\n  "years": ');
  }

  /** The engine's onDisposal. */
  disposal(year: number, line: DisposalLine): void {
    if (this.only !== null && year !== this.only) return;
    let lines = this.lines.get(year);
    if (lines === undefined) {
      lines = new YearLines(`${YEAR_INDENT}  `, this.pool);
      this.lines.set(year, lines);
    }
    lines.add(line);
  }

  /** The engine's onYear: the summary's own disposals are empty, the lines came to `disposal`. */
  year(key: string, summary: YearSummary): void {
    if (this.only !== null && Number(key) !== this.only) return;
    const lines = this.lines.get(Number(key)) ?? new YearLines(`${YEAR_INDENT}  `);
    this.lines.delete(Number(key));
    for (const line of summary.disposals) lines.add(line);
    const incomplete = lines.incomplete.incomplete(summary.incomeLines);
    this.key(key);
    // yearJson's entries in its order, the disposals list printed from the lines.
    for (const piece of entries(yearTotals(summary, incomplete), YEAR_INDENT, true)) this.out.put(piece);
    this.out.put(`,\n${YEAR_INDENT}  "disposals": `);
    for (const piece of lines.print()) this.out.put(piece);
    for (const piece of entries({ incomeLines: summary.incomeLines }, YEAR_INDENT, false))
      this.out.put(piece);
    this.out.put(`\n${YEAR_INDENT}}`);
    if (this.out.drained()) this.pool.put(lines.chunks());
  }

  end(rest: Omit<CalcJson, 'years'>): Promise<void> {
    if (this.only !== null && this.first) this.whole(String(this.only), emptyYear());
    this.out.put(this.first ? '{}' : '\n  }');
    for (const piece of entries(rest, '', false)) this.out.put(piece);
    this.out.put('\n}');
    return this.out.end();
  }

  private key(key: string): void {
    this.out.put(`${this.first ? '{' : ','}\n${YEAR_INDENT}${JSON.stringify(key)}: `);
    this.first = false;
  }

  private whole(key: string, year: YearJson): void {
    this.key(key);
    for (const piece of pieces(year, YEAR_INDENT)) this.out.put(piece);
  }
}
