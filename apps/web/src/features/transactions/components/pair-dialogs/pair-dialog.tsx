import {
  NO_CANDIDATES_MESSAGE,
  NO_PAIR_MESSAGE,
  type PairKind,
} from '@lotwise/contracts/transactions/edit/pairs';
import type { TransactionRow } from '@lotwise/contracts/transactions/transaction-row';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { errorText } from '@/lib/api-client';
import { type MarkInput, useMarkPair, usePairCandidates } from '../../api/edit/pairs';
import { CandidateTable, MANUAL, TransactionTable } from './pair-table';

const TITLES: Record<PairKind, string> = {
  self_transfer: 'Self Transfer',
  switch_trade: 'Switch Trade',
  swap: 'Rebrand',
};

interface Props {
  kind: PairKind;
  row: TransactionRow;
  onClose: () => void;
}

/**
 * Opens a pair dialog as a managed modal: pairing removes the row it was opened from (the
 * partner merges into the other half), so the dialog must not live inside that row.
 */
export function openPairDialog(kind: PairKind, row: TransactionRow): void {
  const id = `pair-${kind}-${row.id}`;
  modals.open({
    modalId: id,
    title: TITLES[kind],
    size: 'lg',
    centered: true,
    fullScreen: window.matchMedia('(max-width: 767px)').matches,
    children: <PairDialog kind={kind} row={row} onClose={() => modals.close(id)} />,
  });
}

/**
 * Self Transfer, Switch Trade and Rebrand pair dialogs (spec 02 §4): the transaction, then
 * 'Possible Outgoing' or 'Possible Incoming' candidates to choose one from, and Update.
 */
export function PairDialog({ kind, row, onClose }: Props) {
  const candidates = usePairCandidates(kind, row.id, true);
  const mark = useMarkPair(kind);
  const [choice, setChoice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const data = candidates.data?.data;
  const incoming = data ? data.transaction.direction === 'buy' : row.type === 'buy';
  const list = data?.transactions ?? [];
  const withManual = kind === 'self_transfer';
  const done = mark.isSuccess;

  const submit = () => {
    setProblem(null);
    if (choice === null) {
      setProblem(NO_PAIR_MESSAGE);
      return;
    }
    const body: MarkInput =
      choice === MANUAL
        ? { ...(incoming ? { buy_id: row.id } : { sell_id: row.id }), create_manual: true }
        : incoming
          ? { buy_id: row.id, sell_id: Number(choice) }
          : { sell_id: row.id, buy_id: Number(choice) };
    mark.mutate(body, { onError: (e) => setProblem(errorText(e)) });
  };

  return (
    <Stack gap="sm" data-testid="pair-dialog">
      {candidates.isPending ? <Loader size="sm" aria-label="Loading candidates" /> : null}
      {candidates.isError ? (
        <Alert color="red" data-testid="pair-error">
          {errorText(candidates.error)}
        </Alert>
      ) : null}
      {data ? (
        <>
          <TransactionTable row={data.transaction} />
          <Text fw={600} fz="sm">
            {incoming ? 'Possible Outgoing' : 'Possible Incoming'}
          </Text>
          {list.length === 0 && !withManual ? (
            <Text fz="sm" c="dimmed" data-testid="pair-none">
              {NO_CANDIDATES_MESSAGE}
            </Text>
          ) : (
            <CandidateTable
              candidates={list}
              value={choice}
              onChange={(v) => !done && setChoice(v)}
              withManual={withManual}
            />
          )}
        </>
      ) : null}
      {problem ? (
        <Alert color="red" data-testid="pair-error">
          {problem}
        </Alert>
      ) : null}
      {done ? (
        <Alert color="green" data-testid="pair-success">
          {mark.data.message}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        {done ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <Button onClick={submit} loading={mark.isPending} disabled={mark.isPending || !data}>
            Update
          </Button>
        )}
      </Group>
    </Stack>
  );
}
