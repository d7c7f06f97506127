import { Alert, Anchor, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTaxDetails } from '../api/get-details';
import { useRecalculate } from '../api/recalculate';

/** Results exist but the transactions (or settings) changed since: offer a recalculation. */
export function NewImportsBanner() {
  const details = useTaxDetails().data;
  const recalculate = useRecalculate();
  if (details?.tax_calculated !== true || !details.need_tax_calculation) return null;
  return (
    <Alert color="teal" title="New imports detected" icon={<IconInfoCircle size={18} />} mb="md">
      <Text fz="sm">
        You haven't run a tax calculation since your latest import. Running tax calculation will automatically
        discover and combine self transfer transactions.{' '}
        <Anchor
          component="button"
          fz="sm"
          onClick={() => recalculate.mutate()}
          disabled={recalculate.isPending}
        >
          Recalculate now
        </Anchor>
      </Text>
    </Alert>
  );
}
