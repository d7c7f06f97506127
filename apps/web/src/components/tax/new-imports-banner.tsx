import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTaxDetails } from '@/lib/api/tax/get-details';
import { useRecalculate } from '@/lib/api/tax/recalculate';

/**
 * Results exist but something they rest on changed since: say what (new imports, a method
 * chosen, prices loaded) and offer a recalculation.
 */
export function NewImportsBanner({
  note = 'The figures below are from the last calculation.',
}: {
  /** What is out of date, before "Recalculate now" (the Broker forms page: its tie-out). */
  note?: string;
} = {}) {
  const details = useTaxDetails().data;
  const recalculate = useRecalculate();
  if (details?.tax_calculated !== true || !details.need_tax_calculation) return null;
  const reasons = details.stale_reasons;
  return (
    <Alert
      color="teal"
      title="Recalculate your taxes"
      icon={<IconInfoCircle size={18} />}
      mb="md"
      data-testid="stale-banner"
    >
      {reasons.length === 1 ? (
        <Text fz="sm">{reasons[0]}</Text>
      ) : reasons.length > 1 ? (
        <List size="sm" spacing={2}>
          {reasons.map((r) => (
            <List.Item key={r}>{r}</List.Item>
          ))}
        </List>
      ) : null}
      <Text fz="sm" mt={4}>
        {note}{' '}
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
