import { z } from 'zod';

/**
 * The normalised transaction record every importer emits and the engine consumes
 * (the exchange formats guide's §2, the model each layout is mapped to). Amounts are decimal strings, never floats.
 */
export const decimalString = z
  .string()
  .regex(/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/, 'must be a decimal number written as a string');

export const assetAmount = z.object({ asset: z.string().min(1), amount: decimalString });
export type AssetAmount = z.infer<typeof assetAmount>;

export const transactionKind = z.enum([
  'buy',
  'sell',
  'trade',
  'deposit',
  'withdrawal',
  'income',
  'spend',
  'fee',
]);
export type TransactionKind = z.infer<typeof transactionKind>;

export const normalisedTransaction = z.object({
  timestamp: z.string(),
  kind: transactionKind,
  subtype: z.string().nullable().optional(),
  sent: assetAmount.nullable().optional(),
  received: assetAmount.nullable().optional(),
  fee: assetAmount.nullable().optional(),
  fiat_value: z.object({ currency: z.string(), amount: decimalString }).nullable().optional(),
  external_id: z.string().nullable().optional(),
  tx_hash: z.string().nullable().optional(),
  from_address: z.string().nullable().optional(),
  to_address: z.string().nullable().optional(),
  note: z.string().nullable().optional(),
  label: z.string().nullable().optional(),
  /**
   * The token leg's identity when the file has it, "chain:contract" (Etherscan's
   * ContractAddress, Solscan's mint): it decides which coin a shared symbol means for pricing.
   */
  token_contract: z.string().nullable().optional(),
  source_lines: z.array(z.number().int().positive()),
});
export type NormalisedTransaction = z.infer<typeof normalisedTransaction>;

export const skippedRow = z.object({ source_lines: z.array(z.number().int()), reason: z.string() });
export type SkippedRow = z.infer<typeof skippedRow>;

/** A row-level problem: physical line number, the column, and what is wrong. */
export const rowError = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type RowError = z.infer<typeof rowError>;

export const importResult = z.object({
  format: z.string(),
  transactions: z.array(normalisedTransaction),
  skipped: z.array(skippedRow),
  errors: z.array(rowError),
});
export type ImportResult = z.infer<typeof importResult>;
