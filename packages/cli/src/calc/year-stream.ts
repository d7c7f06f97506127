import type { YearSummary } from '@lotwise/engine/types';
import { type CalcJson, emptyYear, type YearJson, yearJson } from './output.ts';
import { entries, JsonChunks, pieces } from './write-json.ts';

/**
 * The `--json` document written as the calculation goes: writeJson's layout of toJson's
 * document, each year printed when the engine hands it over (`onYear`), the rest at the end.
 */
export class YearStream {
  private readonly out: JsonChunks;
  private first = true;

  /** `only`: the --year asked for (the others are not printed). */
  constructor(
    private readonly only: number | null,
    out: NodeJS.WritableStream = process.stdout,
  ) {
    this.out = new JsonChunks(out);
    this.out.put('{\n  "years": ');
  }

  year(key: string, summary: YearSummary): void {
    if (this.only !== null && Number(key) !== this.only) return;
    this.put(key, yearJson(summary, true));
  }

  end(rest: Omit<CalcJson, 'years'>): Promise<void> {
    if (this.only !== null && this.first) this.put(String(this.only), emptyYear());
    this.out.put(this.first ? '{}' : '\n  }');
    for (const piece of entries(rest, '', false)) this.out.put(piece);
    this.out.put('\n}');
    return this.out.end();
  }

  private put(key: string, year: YearJson): void {
    this.out.put(`${this.first ? '{' : ','}\n    ${JSON.stringify(key)}: `);
    this.first = false;
    for (const piece of pieces(year, '    ')) this.out.put(piece);
  }
}
