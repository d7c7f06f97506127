const DAY = 86_400_000;

/**
 * The refresh control's text (spec 01 §4): 'Calculations last updated {n} days ago.', or
 * 'just now' on the day of the calculation; 'Updating' while a calculation runs.
 */
export function lastUpdatedText(calculatedAt: string | null, updating: boolean, now = new Date()): string {
  if (updating) return 'Updating';
  if (!calculatedAt) return 'Taxes not calculated yet.';
  const days = Math.floor((now.getTime() - new Date(calculatedAt).getTime()) / DAY);
  if (days < 1) return 'Calculations last updated just now.';
  return `Calculations last updated ${days} ${days === 1 ? 'day' : 'days'} ago.`;
}
