import type { TieOutLineRow } from '@lotwise/contracts/tax/tie-out';
import { Alert, Button, Group, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { brokerFormsKeys } from '@/lib/api/broker-forms/broker-forms';
import { useCheckCalculation } from '@/lib/api/tax/check-calculation';
import { useRecalculate } from '@/lib/api/tax/recalculate';
import { ApiError, errorText } from '@/lib/api-client';
import { formatCrypto } from '@/lib/format/amount';
import { useImportsChannel } from '@/lib/realtime';
import { useAddMissingDeposit } from '../api/missing-deposit';
import { defaultAcquired } from './line-fixes-rules';

interface Props {
  line: TieOutLineRow;
  /** The units Lotwise has no purchase or deposit for. */
  units: string;
  opened: boolean;
  onClose: () => void;
  /**
   * 'saved': the deposit is stored (the page keeps the line in view while the year is
   * recalculated); 'recalculated': the year is recalculated and the tie-out is read again.
   */
  onFixed: (stage: 'saved' | 'recalculated') => void;
}

/**
 * "Add the missing deposit": asset, units and a date before the sale prefilled; the user gives
 * the date the coins were acquired and what they cost. Saving stores the deposit in the line's
 * account, reruns the year's calculation (its progress shown here) and reads the tie-out again.
 */
export function MissingDepositDialog({ line, units, opened, onClose, onFixed }: Props) {
  const sold = line.broker?.date_sold ?? '';
  const [amount, setAmount] = useState(units);
  const [acquired, setAcquired] = useState(defaultAcquired(line));
  const [basis, setBasis] = useState('');
  const [traceId, setTraceId] = useState<string | null>(null);
  const [live, setLive] = useState(0);
  const add = useAddMissingDeposit();
  const recalculate = useRecalculate();
  const check = useCheckCalculation(traceId);
  const client = useQueryClient();
  useImportsChannel((message) => {
    const data = message.data;
    if (message.event === 'job' && data?.name === 'tax.calculate' && typeof data.progress === 'number')
      setLive(data.progress);
  });
  const state = check.data?.state;
  const done = useRef(false);
  useEffect(() => {
    if (state !== 'complete' || done.current) return;
    done.current = true;
    // The page shows the line again (whatever its status now), then everything is read again.
    onFixed('recalculated');
    void client.invalidateQueries({ queryKey: brokerFormsKeys.all });
  }, [state, client, onFixed]);

  const error = add.error ?? recalculate.error;
  // Under its own field the error needs no "date_acquired: " in front.
  const fieldError = (field: string) =>
    add.error instanceof ApiError && add.error.field === field
      ? add.error.display.replace(new RegExp(`^${field}: `), '')
      : undefined;
  const edit = (set: (v: string) => void) => (e: ChangeEvent<HTMLInputElement>) => {
    set(e.currentTarget.value);
    if (add.error) add.reset();
  };
  const busy = add.isPending || recalculate.isPending || traceId !== null;
  const save = async () => {
    if (!line.broker) return;
    await add.mutateAsync({
      lineId: line.broker.id,
      body: { units: amount, date_acquired: acquired, cost_basis: basis },
    });
    onFixed('saved');
    const started = await recalculate.mutateAsync();
    setTraceId(started.trace_id);
  };
  const progress = state === 'complete' ? 100 : Math.max(check.data?.progress ?? 0, live);

  return (
    <Modal opened={opened} onClose={busy ? () => {} : onClose} title="Add the missing deposit" size="md">
      <Stack gap="sm">
        <Text fz="sm">
          {formatCrypto(units)} {line.asset} sold on {sold} in {line.account} came in from a wallet Lotwise
          never saw. Add the deposit with what the coins cost and when you got them; it goes into{' '}
          {line.account}.
        </Text>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label="Asset" value={line.asset} readOnly miw={120} />
          <TextInput
            label="Units"
            value={amount}
            onChange={edit(setAmount)}
            error={fieldError('units')}
            disabled={busy}
            miw={120}
          />
        </Group>
        <TextInput
          label="Date acquired"
          description={`YYYY-MM-DD, before the sale on ${sold}`}
          value={acquired}
          onChange={edit(setAcquired)}
          error={fieldError('date_acquired')}
          disabled={busy}
        />
        <TextInput
          label="Cost basis (USD)"
          description="What the coins cost, fees included"
          placeholder="0.00"
          value={basis}
          onChange={edit(setBasis)}
          error={fieldError('cost_basis')}
          disabled={busy}
          data-autofocus
        />
        {error && !fieldError('units') && !fieldError('date_acquired') && !fieldError('cost_basis') ? (
          <Alert
            color="red"
            title={add.error ? 'The deposit was not added' : 'The recalculation did not start'}
            data-testid="missing-deposit-error"
          >
            {errorText(error)}
          </Alert>
        ) : null}
        {traceId !== null ? (
          <Stack gap={4} data-testid="missing-deposit-progress">
            <Text fz="sm">
              {state === 'failed'
                ? (check.data?.message ?? 'The calculation failed.')
                : `Deposit added. Recalculating ${sold.slice(0, 4)}…`}
            </Text>
            <Progress
              value={progress}
              color="teal"
              striped
              animated={progress < 100}
              aria-label="Calculation progress"
            />
          </Stack>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy && state !== 'failed'}>
            Cancel
          </Button>
          <Button
            onClick={() => void save().catch(() => {})}
            loading={busy && state !== 'failed'}
            disabled={basis.trim() === ''}
          >
            Add the deposit and recalculate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
