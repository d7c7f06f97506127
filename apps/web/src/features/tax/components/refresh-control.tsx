import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTaxDetails } from '@/lib/api/tax/get-details';
import { useRecalculate } from '@/lib/api/tax/recalculate';
import { useImportsChannel } from '@/lib/realtime';
import { lastUpdatedText } from '../utils/last-updated';

/**
 * 'Calculations last updated {n} days ago.' → 'Updating' → 'Calculations last updated just
 * now.' (spec 01 §4). The refresh icon reruns the calculation in the background.
 */
export function RefreshControl() {
  const details = useTaxDetails();
  const recalculate = useRecalculate();
  const [running, setRunning] = useState(false);
  useImportsChannel((message) => {
    if (message.event === 'tax_calculated') setRunning(false);
  });
  const data = details.data;
  const inFlight = data?.tax_calculated === false && data.trace_id !== null;
  useEffect(() => {
    if (data?.tax_calculated === true) setRunning(false);
  }, [data?.tax_calculated]);
  if (!data?.taxable_or_incoming) return null;
  const updating = running || recalculate.isPending || inFlight;
  return (
    <Group gap={6} wrap="nowrap" data-testid="refresh-control">
      <Text fz="xs" c="dimmed" aria-live="polite">
        {lastUpdatedText(data.last_calculated_at, updating)}
      </Text>
      <Tooltip label="Recalculate now">
        <ActionIcon
          variant="subtle"
          color="teal"
          aria-label="Refresh calculations"
          loading={updating}
          onClick={() => {
            setRunning(true);
            recalculate.mutate(undefined, { onError: () => setRunning(false) });
          }}
        >
          <IconRefresh size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
