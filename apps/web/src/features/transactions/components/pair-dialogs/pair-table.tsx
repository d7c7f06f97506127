import { CREATE_MANUAL_LABEL, type PairCandidate } from '@lotwise/contracts/transactions/edit/pairs';
import { Radio, Table, Text } from '@mantine/core';
import { formatCrypto } from '@/lib/format/amount';
import { utcParts } from '../../utils/date-input';

export const MANUAL = 'manual';

function Cells({ c }: { c: PairCandidate }) {
  const { date, time } = utcParts(c.date);
  return (
    <>
      <Table.Td>
        <Text fz="xs">{date}</Text>
        <Text fz="xs" c="dimmed">
          {time} UTC
        </Text>
      </Table.Td>
      <Table.Td>
        <Text fz="xs">{c.exchange}</Text>
      </Table.Td>
      <Table.Td ta="right">
        {/* Up to 8 decimals (spec 02 §5's amounts): 2, as §4 has it, showed 0.015 BTC as "0.02". */}
        <Text fz="xs" ff="monospace">
          {formatCrypto(c.amount)} {c.currency}
        </Text>
      </Table.Td>
    </>
  );
}

/** The transaction being paired, one row without a radio. */
export function TransactionTable({ row }: { row: PairCandidate }) {
  return (
    <Table withTableBorder fz="xs" data-testid="pair-transaction">
      <Table.Tbody>
        <Table.Tr>
          <Table.Td w={28} />
          <Cells c={row} />
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

interface CandidateProps {
  candidates: PairCandidate[];
  value: string | null;
  onChange: (value: string) => void;
  /** Self transfers end with 'Create Manual ( matching transaction not found )'. */
  withManual: boolean;
}

/** Candidates with radio selection, best first. */
export function CandidateTable({ candidates, value, onChange, withManual }: CandidateProps) {
  return (
    <Radio.Group value={value} onChange={onChange}>
      <Table withTableBorder highlightOnHover fz="xs" data-testid="pair-candidates">
        <Table.Tbody>
          {candidates.map((c) => (
            <Table.Tr key={c.id} onClick={() => onChange(String(c.id))} style={{ cursor: 'pointer' }}>
              <Table.Td w={28}>
                <Radio value={String(c.id)} aria-label={`Pair with transaction ${c.id}`} size="xs" />
              </Table.Td>
              <Cells c={c} />
            </Table.Tr>
          ))}
          {withManual ? (
            <Table.Tr onClick={() => onChange(MANUAL)} style={{ cursor: 'pointer' }}>
              <Table.Td w={28}>
                <Radio value={MANUAL} aria-label={CREATE_MANUAL_LABEL} size="xs" />
              </Table.Td>
              <Table.Td colSpan={3}>
                <Text fz="xs">{CREATE_MANUAL_LABEL}</Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </Radio.Group>
  );
}
