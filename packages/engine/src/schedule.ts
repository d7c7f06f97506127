import { isLotMethodName, type LotMethod, lotMethod } from './lots/methods.ts';
import type { LotMethodName, MethodSchedule } from './types.ts';

/**
 * The lot method for each tax year. In a schedule each entry applies from its year until the
 * next one; the first entry also covers every earlier year.
 */
export class MethodPlan {
  private readonly entries: Array<{ fromYear: number; method: LotMethod }>;

  /** Unknown method names (from an unchecked caller) fall back to FIFO and are reported. */
  constructor(
    method: LotMethodName | MethodSchedule | undefined,
    onInvalid: (message: string) => void = () => {},
  ) {
    const pick = (name: unknown): LotMethod => {
      if (typeof name === 'string' && isLotMethodName(name)) return lotMethod(name);
      onInvalid(`Unknown lot method ${JSON.stringify(name)}; FIFO used.`);
      return lotMethod('fifo');
    };
    if (method === undefined) this.entries = [{ fromYear: 0, method: lotMethod('fifo') }];
    else if (typeof method === 'string' || !Array.isArray(method))
      this.entries = [{ fromYear: 0, method: pick(method) }];
    else {
      this.entries = [...method]
        .filter((entry) => Number.isFinite(entry?.fromYear))
        .sort((a, b) => a.fromYear - b.fromYear)
        .map((entry) => ({ fromYear: entry.fromYear, method: pick(entry.method) }));
      if (this.entries.length === 0) this.entries.push({ fromYear: 0, method: pick(undefined) });
    }
  }

  forYear(year: number): LotMethod {
    let chosen = this.entries[0]!.method;
    for (const entry of this.entries) {
      if (entry.fromYear <= year) chosen = entry.method;
    }
    return chosen;
  }
}

/** Parses "fifo" or "2020:fifo,2021:lifo" (the CLI's --method). */
export function parseMethodOption(
  text: string,
): { method: LotMethodName | MethodSchedule } | { error: string } {
  const trimmed = text.trim().toLowerCase();
  if (isLotMethodName(trimmed)) return { method: trimmed };
  const entries: Array<{ fromYear: number; method: LotMethodName }> = [];
  for (const part of trimmed.split(',')) {
    const match = /^(\d{4})\s*:\s*([a-z]+)$/.exec(part.trim());
    if (!match || !isLotMethodName(match[2]!)) {
      return {
        error: `invalid --method "${part.trim()}": use fifo, lifo, hifo, lofo or YEAR:METHOD,YEAR:METHOD`,
      };
    }
    entries.push({ fromYear: Number(match[1]), method: match[2] });
  }
  return { method: entries };
}
