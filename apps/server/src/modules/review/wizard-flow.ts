import { FINDING_WIZARDS, type FindingWizard, WIZARDS, type Wizard } from '@lotwise/contracts/review/wizards';
import type { Findings } from './findings.ts';
import type { Trace } from './traces.repo.ts';

/** Billing is off (issue 20 brings plans): every user has every feature, PaymentWizard is done. */
const SKIPPED: readonly Wizard[] = ['PaymentWizard'];

export function isFindingWizard(w: Wizard): w is FindingWizard {
  return (FINDING_WIZARDS as readonly string[]).includes(w);
}

/**
 * Whether a wizard still has something to do: the upload until an account exists, a findings
 * wizard while it has findings and was not finished, SelectLifoFifo until the user chose.
 */
export function isOpen(w: Wizard, trace: Trace, findings: Findings, imports: number): boolean {
  if (SKIPPED.includes(w)) return false;
  if (w === 'UploadCsvWizard') return imports === 0;
  if (isFindingWizard(w)) return findings[w].length > 0;
  return !trace.completed.includes(w);
}

/** The first open wizard after `from` (or from the start), else the tax summary. */
export function nextOpen(
  trace: Trace,
  findings: Findings,
  imports: number,
  from: Wizard | null = null,
): Wizard | 'tax_summary' {
  const start = from === null ? 0 : WIZARDS.indexOf(from) + 1;
  for (const w of WIZARDS.slice(start)) if (isOpen(w, trace, findings, imports)) return w;
  return 'tax_summary';
}
