import { formatMoney } from '@/lib/format/amount';
import { parseDecimal } from '@/lib/format/decimal-string';

/** A market price in dollars: 2 decimals from $1 up, more for small coins (up to 8 significant). */
export function formatPrice(value: string | null): string {
  if (value === null) return '—';
  const parts = parseDecimal(value);
  if (!parts) return '—';
  if (parts.int !== '0' && parts.int !== '') return formatMoney(value, 'USD');
  const lead = parts.frac.match(/^0*/)?.[0].length ?? 0;
  const digits = parts.frac.slice(0, Math.min(lead + 4, 10)).replace(/0+$/, '');
  return `${parts.negative ? '-' : ''}$0.${digits || '00'}`;
}

/** Market caps read better as $1.14T, $532.1B, $48.2M. */
export function formatCap(value: string | null): string {
  if (value === null) return '—';
  const digits = value.split('.')[0]!.replace('-', '');
  const units: Array<[number, string]> = [
    [12, 'T'],
    [9, 'B'],
    [6, 'M'],
    [3, 'K'],
  ];
  for (const [power, unit] of units) {
    if (digits.length > power) {
      const whole = digits.slice(0, digits.length - power);
      const tenth = digits.slice(digits.length - power, digits.length - power + 1);
      return `$${whole}.${tenth}${unit}`;
    }
  }
  return formatMoney(value, 'USD');
}
