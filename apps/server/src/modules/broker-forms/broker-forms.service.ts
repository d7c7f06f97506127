import type { RowError } from '@lotwise/contracts/normalised';
import type { BrokerForm } from '@lotwise/contracts/tax/broker-forms';
import type { Form1099DaBoxes } from '@lotwise/contracts/tax/form-1099da';
import { check1099DaBoxes, parse1099Da } from '@lotwise/importers/broker-forms/parse-1099da';
import { AppError, notFound } from '../../http/errors.ts';
import type { BrokerFormsRepo } from './broker-forms.repo.ts';

/** A row error as the importers' error page words it: where, then what. */
export function rowErrorText(e: RowError): string {
  return `Line ${e.line}${e.column ? `, column "${e.column}"` : ''}: ${e.message}`;
}

/** How many row errors a refusal lists (the first ones; the count says how many in all). */
const SHOWN_ERRORS = 50;

export interface SavedForm {
  created: boolean;
  form: BrokerForm;
}

/** Import and typed entry of Forms 1099-DA: both end in the same stored form. */
export class BrokerFormsService {
  constructor(private readonly repo: BrokerFormsRepo) {}

  private async accountOf(userId: number, accountId: number) {
    const account = await this.repo.account(userId, accountId);
    if (!account)
      throw new AppError('validation_failed', 'account_id: no such account of yours', {
        field: 'account_id',
      });
    return account;
  }

  /** A CSV file: every bad row refused with its line and column, nothing stored then. */
  async importFile(
    userId: number,
    input: { accountId: number; year: number; fileName: string; bytes: Uint8Array },
  ): Promise<SavedForm> {
    await this.accountOf(userId, input.accountId);
    const parsed = parse1099Da(input.bytes, { taxYear: input.year });
    if (parsed.errors.length > 0) {
      const n = parsed.errors.length;
      throw new AppError(
        'validation_failed',
        `${input.fileName}: ${n} ${n === 1 ? 'row has a problem' : 'rows have problems'}; nothing was imported. ${rowErrorText(parsed.errors[0]!)}`,
        { messages: parsed.errors.slice(0, SHOWN_ERRORS).map(rowErrorText), field: 'file' },
      );
    }
    if (parsed.lines.length === 0)
      throw new AppError('validation_failed', `${input.fileName}: the form has no lines`, { field: 'file' });
    return this.store(userId, {
      accountId: input.accountId,
      year: input.year,
      source: 'csv',
      fileName: input.fileName,
      layout: parsed.layout,
      lines: parsed.lines,
    });
  }

  /**
   * Typed from the paper form: each line checked as a CSV row is (check1099DaBoxes). Its line
   * is its place in the order typed, 1-based, the number its errors name (and the tie-out and
   * its CSV show), as a CSV's line is its row in the file.
   */
  async typed(
    userId: number,
    input: { accountId: number; year: number; lines: Form1099DaBoxes[] },
  ): Promise<SavedForm> {
    await this.accountOf(userId, input.accountId);
    const checked = check1099DaBoxes(input.lines, { taxYear: input.year });
    if (checked.errors.length > 0) {
      const all = checked.errors.map(rowErrorText);
      throw new AppError('validation_failed', all[0]!, { messages: all.slice(0, SHOWN_ERRORS) });
    }
    return this.store(userId, {
      accountId: input.accountId,
      year: input.year,
      source: 'typed',
      fileName: null,
      layout: 'typed',
      lines: checked.lines.map((l, i) => ({ ...l, line: i + 1 })),
    });
  }

  private async store(
    userId: number,
    form: Omit<Parameters<BrokerFormsRepo['save']>[0], 'userId'>,
  ): Promise<SavedForm> {
    const { id, created } = await this.repo.save({ userId, ...form });
    const [stored] = await this.repo.forms(userId, undefined, id);
    if (!stored) throw notFound('Form 1099-DA');
    return { created, form: stored };
  }
}

export { withBrokerForms } from './report-rows.ts';
