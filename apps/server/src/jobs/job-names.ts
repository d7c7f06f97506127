/** The closed set of background jobs. Each module registers the handler of its own. */
export const JOB_NAMES = [
  'import.parse',
  'import.api',
  'import.oauth',
  'import.wallet',
  'import.delete',
  'tax.calculate',
  'transactions.bulk',
  'test.echo',
] as const;
export type JobName = (typeof JOB_NAMES)[number];
