const FIGURES: Record<string, string> = {
  proceeds: 'proceeds',
  costBasis: 'cost basis',
  shortTermGain: 'short-term gain',
  longTermGain: 'long-term gain',
  income: 'income',
};

function list(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * What a warning's `affects` names ("2024.proceeds", "basis of ETH lot 9"), said for people:
 * "the 2024 proceeds and short-term gain" or "the cost basis of the ETH it acquired (and the
 * gain when that ETH is sold)". `affects` itself stays as it is, for programs.
 */
export function affectsText(affects: string[]): string {
  const byYear = new Map<string, string[]>();
  const assets: string[] = [];
  const other: string[] = [];
  for (const item of affects) {
    const total = /^(\d{4})\.(\w+)$/.exec(item);
    const basis = /^basis of (\S+) lot /.exec(item);
    if (total) {
      const figures = byYear.get(total[1]!) ?? [];
      figures.push(FIGURES[total[2]!] ?? total[2]!.replace(/([A-Z])/g, ' $1').toLowerCase());
      byYear.set(total[1]!, figures);
    } else if (basis) {
      if (!assets.includes(basis[1]!)) assets.push(basis[1]!);
    } else other.push(item);
  }
  const parts = [...byYear].map(([year, figures]) => `the ${year} ${list(figures)}`);
  if (assets.length > 0) {
    const what = list(assets);
    parts.push(`the cost basis of the ${what} it acquired (and the gain when that ${what} is sold)`);
  }
  return list([...parts, ...other]);
}
