import { changeFor, LABS_SORT_LABELS, type LabsSort, type ResearchItem } from '@lotwise/contracts/labs/labs';
import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatCrypto, formatMoney } from '@/lib/format/amount';
import { formatPrice } from '../utils/format';
import { ChangeText } from './change-text';
import { PriceSparkline } from './price-sparkline';

/** One research item: an asset (price, change, sparkline) or a watch portfolio (value, change, positions). */
export function ResearchCard({
  item,
  sort,
  deleting,
  onDelete,
}: {
  item: ResearchItem;
  sort: LabsSort;
  deleting: boolean;
  onDelete: () => void;
}) {
  const single = item.kind === 'asset' ? item.positions[0] : undefined;
  return (
    <Paper withBorder radius="md" p="md" data-testid="research-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Title
              order={3}
              fz="md"
              style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {single ? (
                <Anchor component={Link} to={paths.labs.price.getHref(single.asset)} inherit>
                  {item.name}
                </Anchor>
              ) : (
                item.name
              )}
            </Title>
            <Badge size="xs" variant="light" color={single ? 'blue' : 'violet'}>
              {single ? 'Asset' : 'Portfolio'}
            </Badge>
          </Group>
          <Text fz="xs" c="dimmed" truncate>
            {single ? (single.market?.name ?? 'No market data') : `${item.positions.length} assets`}
          </Text>
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${item.name}`}
          loading={deleting}
          onClick={onDelete}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Stack gap={0}>
          <Text fz="xl" fw={700}>
            {single
              ? formatPrice(single.market?.price ?? null)
              : item.value === null
                ? '—'
                : formatMoney(item.value, 'USD')}
          </Text>
          {item.value === null && single ? (
            <Text fz="xs" c="dimmed">
              No price known for {single.asset}
            </Text>
          ) : (
            <Text fz="xs" c="dimmed">
              <ChangeText value={item.change} fz="xs" /> over {LABS_SORT_LABELS[sort].long}
            </Text>
          )}
        </Stack>
        {single?.market ? <PriceSparkline points={single.market.sparkline} label={item.name} /> : null}
      </Group>
      {single ? null : (
        <Stack gap={4} mt="sm">
          {item.positions.map((p) => (
            <Group key={p.asset} justify="space-between" wrap="nowrap" fz="sm">
              <Text fz="sm" truncate>
                <Anchor component={Link} to={paths.labs.price.getHref(p.asset)} fz="sm">
                  {p.asset}
                </Anchor>{' '}
                × {formatCrypto(p.quantity)}
              </Text>
              <Group gap={6} wrap="nowrap">
                <Text fz="sm">{p.value === null ? 'no price' : formatMoney(p.value, 'USD')}</Text>
                <ChangeText value={p.market ? changeFor(p.market, sort) : null} fz="xs" />
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
