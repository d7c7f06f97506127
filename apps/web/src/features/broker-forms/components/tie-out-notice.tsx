import { Alert, Loader } from '@mantine/core';
import { NewImportsBanner } from '@/components/tax/new-imports-banner';
import { useCheckCalculation } from '@/lib/api/tax/check-calculation';
import { useTaxDetails } from '@/lib/api/tax/get-details';
import { formatDay } from '@/lib/format/display';

/**
 * Above the tie-out: out of date when the transactions (or settings) changed after the
 * calculation it comes from — a wallet imported from a line's "Import the wallet it came from",
 * say — with the tax centre's own banner and its "Recalculate now"; while a calculation runs,
 * that the tie-out follows when it finishes (useTieOut reads it again then).
 */
export function TieOutNotice({ calculatedAt }: { calculatedAt: string | null }) {
  const details = useTaxDetails().data;
  const running = details?.tax_calculated === false ? (details.trace_id ?? null) : null;
  const state = useCheckCalculation(running).data?.state;
  if (running && (state === 'queued' || state === 'running'))
    return (
      <Alert color="blue" icon={<Loader size={16} />} data-testid="tie-out-recalculating">
        Recalculating your taxes: the tie-out below updates when it finishes.
      </Alert>
    );
  const day = calculatedAt ? ` of ${formatDay(calculatedAt)}` : '';
  return (
    <NewImportsBanner
      note={`The tie-out below is out of date: it comes from the calculation${day}, before these changes to your transactions or settings.`}
    />
  );
}
