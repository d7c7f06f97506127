/**
 * Server feature flags of the transactions area (spec 02 §2, §6). All on unless named in
 * LOTWISE_FEATURES_OFF (comma-separated: group_ui, txn_editor_revamp, visibility_filter).
 */
export type TransactionFeature = 'group_ui' | 'txn_editor_revamp' | 'visibility_filter';

export function featureOn(feature: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const off = (env.LOTWISE_FEATURES_OFF ?? '').split(',').map((s) => s.trim());
  return !off.includes(feature);
}
