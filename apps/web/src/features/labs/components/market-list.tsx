import { changeFor, type LabsSort, type MarketItem } from '@lotwise/contracts/labs/labs';
import { Anchor, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatPrice } from '../utils/format';
import { ChangeText } from './change-text';
import { PriceSparkline } from './price-sparkline';

/** One Labs list (trending, biggest gainers, most transacted): asset, 7-day sparkline, price and change. */
export function MarketList<T extends MarketItem>({
  title,
  subtitle,
  items,
  sort,
  empty,
  extra,
  testId,
}: {
  title: string;
  subtitle: ReactNode;
  items: T[];
  sort: LabsSort;
  empty: string;
  /** A figure of the list's own under the asset name (e.g. the transaction count). */
  extra?: (item: T) => ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={2} fz="md">
        {title}
      </Title>
      <Text fz="xs" c="dimmed" mb="sm">
        {subtitle}
      </Text>
      {items.length === 0 ? (
        <Text fz="sm" c="dimmed" py="md" data-testid={`${testId}-empty`}>
          {empty}
        </Text>
      ) : (
        <Stack gap={0}>
          {items.map((item, index) => (
            <Group
              key={item.id}
              wrap="nowrap"
              gap="sm"
              py={8}
              style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-2)' }}
              data-testid="market-row"
            >
              <Text fz="xs" c="dimmed" w={18} ta="right">
                {index + 1}
              </Text>
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Anchor component={Link} to={paths.labs.price.getHref(item.id)} fw={600} fz="sm">
                  {item.symbol}
                </Anchor>
                <Text fz="xs" c="dimmed" truncate>
                  {item.name}
                </Text>
                {extra ? (
                  <Text fz="xs" c="dimmed" data-testid="market-row-extra">
                    {extra(item)}
                  </Text>
                ) : null}
              </Box>
              <PriceSparkline points={item.sparkline} label={item.symbol} />
              <Box ta="right" miw={84}>
                <Text fz="sm" fw={500}>
                  {formatPrice(item.price)}
                </Text>
                <ChangeText value={changeFor(item, sort)} fz="xs" />
              </Box>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
