import { DIGITAL_ASSET_BOXES_FROM, type Form8949Data, type Form8949Totals } from './form8949.ts';
import { plain, sum } from './money.ts';

/** One Schedule D line: columns (d), (e), (g), (h) for lines fed by Form 8949, (h) only otherwise. */
export interface ScheduleDRow {
  line: string;
  label: string;
  /** Null when the line has no amounts from these transactions (left blank on the form). */
  amounts: Form8949Totals | null;
  gain: string;
  /** Form 8949 lines without a price behind this line: its proceeds and gain are unknown when > 0. */
  missing: number;
}

export interface ScheduleD {
  year: number;
  partI: ScheduleDRow[];
  partII: ScheduleDRow[];
  /** Line 16: lines 7 and 15 combined. */
  line16: ScheduleDRow;
}

const FEEDS: Array<{ line: string; part: 'I' | 'II'; boxes: [string, string] }> = [
  { line: '1b', part: 'I', boxes: ['A', 'G'] },
  { line: '2', part: 'I', boxes: ['B', 'H'] },
  { line: '3', part: 'I', boxes: ['C', 'I'] },
  { line: '8b', part: 'II', boxes: ['D', 'J'] },
  { line: '9', part: 'II', boxes: ['E', 'K'] },
  { line: '10', part: 'II', boxes: ['F', 'L'] },
];

function label(year: number, boxes: [string, string]): string {
  const which = year >= DIGITAL_ASSET_BOXES_FROM ? `Box ${boxes[0]} or Box ${boxes[1]}` : `Box ${boxes[0]}`;
  return `Totals from Form(s) 8949 with ${which} checked`;
}

/**
 * Schedule D lines from Form 8949's part totals (so they equal the 8949 to the cent). Lines 1a,
 * 4–6, 8a, 11–14 (other forms, K-1s, carryovers) are outside these transactions and left to the
 * user; lines 7 and 15 here are the net of the 8949 lines only. Lines 17–22 are not covered.
 */
export function scheduleD(form: Form8949Data): ScheduleD {
  const rows = FEEDS.map(({ line, part, boxes }) => {
    const parts = form.parts.filter((p) => p.scheduleDLine === line);
    const amounts: Form8949Totals | null =
      parts.length === 0
        ? null
        : {
            proceeds: plain(sum(parts.map((p) => p.totals.proceeds))),
            costBasis: plain(sum(parts.map((p) => p.totals.costBasis))),
            adjustment: plain(sum(parts.map((p) => p.totals.adjustment))),
            gain: plain(sum(parts.map((p) => p.totals.gain))),
            missing: parts.reduce((n, p) => n + p.totals.missing, 0),
            proceedsMissing: parts.reduce((n, p) => n + p.totals.proceedsMissing, 0),
            basisMissing: parts.reduce((n, p) => n + p.totals.basisMissing, 0),
          };
    return {
      part,
      row: {
        line,
        label: label(form.year, boxes),
        amounts,
        gain: amounts?.gain ?? '0.00',
        missing: amounts?.missing ?? 0,
      },
    };
  });
  const partI = rows.filter((r) => r.part === 'I').map((r) => r.row);
  const partII = rows.filter((r) => r.part === 'II').map((r) => r.row);
  const line7 = plain(sum(partI.map((r) => r.gain)));
  const line15 = plain(sum(partII.map((r) => r.gain)));
  const missing7 = partI.reduce((n, r) => n + r.missing, 0);
  const missing15 = partII.reduce((n, r) => n + r.missing, 0);
  partI.push({
    line: '7',
    label: 'Net short-term capital gain or (loss)',
    amounts: null,
    gain: line7,
    missing: missing7,
  });
  partII.push({
    line: '15',
    label: 'Net long-term capital gain or (loss)',
    amounts: null,
    gain: line15,
    missing: missing15,
  });
  return {
    year: form.year,
    partI,
    partII,
    line16: {
      line: '16',
      label: 'Combine lines 7 and 15',
      amounts: null,
      gain: plain(sum([line7, line15])),
      missing: missing7 + missing15,
    },
  };
}
