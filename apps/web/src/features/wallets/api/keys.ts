import { IMPORTS_QUERY_ROOT } from '@/lib/realtime';

/**
 * Query keys of the wallets feature. They sit under the imports root, so the realtime channel and
 * every `importsKeys.all` invalidation (a finished import may reveal new addresses) refresh them too.
 */
export const walletsKeys = {
  all: [IMPORTS_QUERY_ROOT, 'wallets'] as const,
  finder: () => [...walletsKeys.all, 'finder'] as const,
};
