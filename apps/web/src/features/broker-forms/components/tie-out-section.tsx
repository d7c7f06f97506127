import { type TieOutLineRow, type TieOutStatus, tieOutStatuses } from '@lotwise/contracts/tax/tie-out';
import {
  Alert,
  Badge,
  Button,
  Card,
  Chip,
  Group,
  Pagination,
  Select,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { useTieOut } from '@/lib/api/broker-forms/broker-forms';
import { errorText } from '@/lib/api-client';
import { formatCrypto, formatMoney } from '@/lib/format/amount';
import type { FixStage } from './line-fixes';
import { STATUS_COLORS, STATUS_LABELS, STATUS_SHORT_LABELS } from './status-labels';
import { TieOutLineDetail } from './tie-out-line-detail';
import { TieOutNotice } from './tie-out-notice';
import { BoxTotalsTable, StatusTotalsTable } from './tie-out-totals';

interface RowProps {
  line: TieOutLineRow;
  readOnly: boolean;
  /** The line was just fixed: it opens on what the tie-out says now. */
  fixed: boolean;
  /** The tie-out is being read again: the line's status may still be the one before the fix. */
  rereading: boolean;
  onFixed: (stage: FixStage) => void;
}

function LineRow({ line, readOnly, fixed, rereading, onFixed }: RowProps) {
  const [open, setOpen] = useState(fixed);
  const mobile = useIsMobile();
  const units = line.broker ? line.broker.units : (line.disposals[0]?.amount ?? null);
  const day = line.broker?.date_sold ?? line.disposals[0]?.disposed_at ?? '';
  return (
    <Card withBorder radius="sm" p="sm" data-testid="tie-out-line" data-status={line.status}>
      <UnstyledButton onClick={() => setOpen(!open)} w="100%" aria-expanded={open}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            <Badge color={STATUS_COLORS[line.status]} variant="light" size="sm" style={{ flexShrink: 0 }}>
              {(mobile ? STATUS_SHORT_LABELS : STATUS_LABELS)[line.status]}
            </Badge>
            <Text fz="sm" fw={600}>
              {units === null ? '' : `${formatCrypto(units)} `}
              {line.asset}
            </Text>
            <Text fz="sm" c="dimmed">
              {day}
            </Text>
          </Group>
          <Group gap="md" wrap="wrap">
            <Text fz="xs">
              1099-DA{line.broker?.line ? ` line ${line.broker.line}:` : ''}{' '}
              {line.broker_proceeds === null ? '—' : formatMoney(line.broker_proceeds)} /{' '}
              {line.broker ? (line.broker_basis === null ? 'no basis' : formatMoney(line.broker_basis)) : '—'}
            </Text>
            <Text fz="xs">
              Lotwise {line.lotwise_proceeds === null ? '—' : formatMoney(line.lotwise_proceeds)} /{' '}
              {line.lotwise_basis === null ? '—' : formatMoney(line.lotwise_basis)}
            </Text>
            {line.form_8949 ? (
              <Badge variant="outline" size="sm">
                {line.form_8949.box}
                {line.form_8949.code ? ` · ${line.form_8949.code}` : ''}
              </Badge>
            ) : null}
          </Group>
        </Group>
      </UnstyledButton>
      {fixed ? (
        <Alert
          color={rereading ? 'gray' : line.status === 'matches' ? 'teal' : 'orange'}
          mt="xs"
          p="xs"
          data-testid="tie-out-fixed"
        >
          {/* Until the tie-out is read again the line still has its status from before the fix:
              saying "still basis differs" then would be wrong for a moment (CI under load). */}
          {rereading
            ? 'Recalculated with the deposit: reading the tie-out again…'
            : line.status === 'matches'
              ? 'Recalculated with the deposit: the line now matches the 1099-DA.'
              : `Recalculated with the deposit: still ${STATUS_LABELS[line.status].replace(/^./, (c) => c.toLowerCase())} — see why below.`}
        </Alert>
      ) : null}
      {open ? <TieOutLineDetail line={line} readOnly={readOnly} onFixed={onFixed} /> : null}
    </Card>
  );
}

/** The tie-out of the year: counts by status (the filter), the asset filter, lines, box totals. */
export function TieOutSection({
  year,
  hasForms,
  readOnly,
}: {
  year: number;
  hasForms: boolean;
  readOnly: boolean;
}) {
  const [status, setStatus] = useState<TieOutStatus | undefined>();
  const [asset, setAsset] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  // The 1099-DA line just fixed: shown under its asset whatever its status now.
  const [fixed, setFixed] = useState<number | null>(null);
  const tie = useTieOut(year, { status, asset, page }, hasForms);
  if (!hasForms) return null;
  if (tie.isPending) return <LoadingState label="Tying the forms out…" />;
  if (tie.isError)
    return (
      <ErrorState
        title="The tie-out could not be read"
        message={errorText(tie.error)}
        onRetry={() => tie.refetch()}
      />
    );
  if (tie.data === null)
    return (
      <Card>
        <Text fz="sm" data-testid="tie-out-no-results">
          Calculate your taxes to tie the forms out against Lotwise’s sales.
        </Text>
      </Card>
    );
  const data = tie.data;
  const counts = new Map(data.totals.by_status.map((s) => [s.status, s.count]));
  const pages = Math.max(1, Math.ceil(data.meta.total_count / data.meta.per_page));
  return (
    <Stack gap="md">
      <TieOutNotice calculatedAt={data.calculated_at} />
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="lg">
          Tie-out against your Form 8949
        </Title>
        <Button
          component="a"
          variant="light"
          size="xs"
          href={`/api/tax/years/${year}/tie_out.csv`}
          download
          data-testid="tie-out-csv"
        >
          Export CSV
        </Button>
      </Group>
      <Chip.Group
        value={status ?? 'all'}
        onChange={(v) => {
          setStatus(v === 'all' ? undefined : (v as TieOutStatus));
          setPage(1);
        }}
      >
        <Group gap={6}>
          <Chip value="all" size="xs">
            All {data.totals.by_status.reduce((n, s) => n + s.count, 0)}
          </Chip>
          {tieOutStatuses.map((s) => (
            <Chip key={s} value={s} size="xs" color={STATUS_COLORS[s]} data-testid={`filter-${s}`}>
              {STATUS_LABELS[s]} {counts.get(s) ?? 0}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <StatusTotalsTable statuses={data.totals.by_status} />
      <Select
        aria-label="Asset"
        placeholder="Every asset"
        w={180}
        data={data.assets}
        value={asset ?? null}
        onChange={(v) => {
          setAsset(v ?? undefined);
          setPage(1);
        }}
        clearable
      />
      <Stack gap={6}>
        {data.lines.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No line of this kind.
          </Text>
        ) : (
          data.lines.map((l, i) => (
            <LineRow
              // A 1099-DA line keeps its row across calculations (its dialog stays open while the
              // year is recalculated); a Lotwise-only line is its sale.
              key={l.broker ? `b-${l.broker.id}` : `d-${l.disposals[0]?.id ?? i}-${page}`}
              line={l}
              readOnly={readOnly}
              fixed={fixed !== null && l.broker?.id === fixed}
              rereading={tie.isFetching}
              onFixed={(stage) => {
                if (stage === 'recalculated') setFixed(l.broker?.id ?? null);
                setStatus(undefined);
                setAsset(l.asset.toUpperCase());
                setPage(1);
              }}
            />
          ))
        )}
      </Stack>
      {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" /> : null}
      <BoxTotalsTable year={year} boxes={data.totals.by_box} />
    </Stack>
  );
}
