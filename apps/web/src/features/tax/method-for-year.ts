/**
 * The lot method one tax year was calculated with, from the user's method list: "fifo", or
 * "2023:fifo,2024:hifo" (each entry applies from its year on; years before the first entry use
 * the first entry's method). Upper case, as the Tax Center shows it.
 */
export function methodForYear(text: string, year: number): string {
  const entries = text
    .split(',')
    .map((part) => part.trim().split(':'))
    .filter((e) => e[0] !== '');
  if (entries.length === 0) return '';
  if (entries.length === 1 && entries[0]!.length === 1) return entries[0]![0]!.toUpperCase();
  let found = entries[0]![1] ?? '';
  for (const [from, method] of entries) if (Number(from) <= year && method) found = method;
  return found.toUpperCase();
}
