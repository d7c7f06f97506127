import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useImportsPath } from '@/hooks/use-imports-path';
import { useImportLimit } from '@/lib/api/billing/import-limit';
import { billingKeys } from '@/lib/api/billing/keys';
import { useImportsChannel } from '@/lib/realtime';
import { type FreeLimitCallUrl, FreeLimitDialog } from './free-limit-dialog';

/** The paused imports the user closed the dialog for (kept while the app runs). */
let dismissedKey = '';

const pausedKey = (ids: readonly number[]): string => [...ids].sort((a, b) => a - b).join(',');

/**
 * Opens the free-limit dialog when the import limit paused an import (spec 01 §8). It reads the
 * limit again on every imports-channel message; closed, it shows again on the next paused import.
 */
export function FreeLimitWatcher({ callUrl = 'settings' }: { callUrl?: FreeLimitCallUrl }) {
  const client = useQueryClient();
  const limit = useImportLimit();
  const importsHref = useImportsPath();
  const [dismissed, setDismissed] = useState(dismissedKey);
  useImportsChannel(() => {
    void client.invalidateQueries({ queryKey: billingKeys.importLimit() });
  });

  const data = limit.data;
  const key = data ? pausedKey(data.paused.map((p) => p.import_file_id)) : '';
  // Closed for these paused imports: a newly paused one (another key) opens it again.
  const opened = key !== '' && key !== dismissed && !isSubset(key, dismissed);
  const close = () => {
    dismissedKey = key;
    setDismissed(key);
  };
  if (!data) return null;
  return (
    <FreeLimitDialog
      opened={opened}
      onClose={close}
      upgradePossible={data.upgrade_possible}
      taxYear={data.tax_year}
      callUrl={callUrl}
      importsHref={importsHref}
    />
  );
}

/** Every paused import of `key` was already among the dismissed ones (some resumed since). */
function isSubset(key: string, dismissed: string): boolean {
  if (dismissed === '') return false;
  const seen = new Set(dismissed.split(','));
  return key.split(',').every((id) => seen.has(id));
}
