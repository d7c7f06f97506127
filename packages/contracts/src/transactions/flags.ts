import { z } from 'zod';
import { defineCall } from '../http.ts';

export const getVisibilityFilterStatus = defineCall({
  method: 'GET',
  path: '/api/feature_toggles/feature_status',
  summary: 'Whether a feature (visibility_filter) is on',
  tag: 'transactions',
  query: z.object({ feature: z.string().max(100) }),
  response: z.object({ status: z.boolean() }),
});

export const getGroupUiStatus = defineCall({
  method: 'GET',
  path: '/api/feature_toggles/group_ui_status',
  summary: 'Whether the grouped transactions layout is on',
  tag: 'transactions',
  response: z.object({ status: z.boolean() }),
});

export const getTxnEditorRevamp = defineCall({
  method: 'GET',
  path: '/api/feature_toggles/txn_editor_revamp',
  summary: 'Whether the revamped transaction editor is on',
  tag: 'transactions',
  response: z.object({ txn_editor_revamp: z.boolean() }),
});

export const getCanRecalculate = defineCall({
  method: 'GET',
  path: '/api/can_recalculate',
  summary: 'Whether imports came in after the latest tax calculation, and what changed since it',
  tag: 'transactions',
  response: z.object({
    can_recalculate: z.boolean(),
    /** When the latest finished calculation started; null when there is none yet. */
    calculated_at: z.string().nullable(),
    /** Transactions imported since then (every one when there is no calculation). */
    imported_since: z.number().int(),
    /** Transactions the user changed since then (edited, retyped, ignored, paired, grouped), each once. */
    changed_since: z.number().int(),
  }),
});

export const getGuaCompletionStatus = defineCall({
  method: 'GET',
  path: '/api/gua_completion_status',
  summary: 'Whether the latest tax calculation has completed',
  tag: 'transactions',
  response: z.object({ gua_completion_status: z.boolean() }),
});
