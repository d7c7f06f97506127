import type { ChartTrade } from '@lotwise/contracts/labs/labs';
import { Box, Group, Text } from '@mantine/core';
import {
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatPrice } from '../utils/format';

const TEAL = 'var(--mantine-color-teal-7)';
const RED = 'var(--mantine-color-red-7)';
const LINE = 'var(--mantine-color-blue-6)';

interface Point {
  t: number;
  price: number;
}

const COMPACT = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumSignificantDigits: 4,
});

/** Axis ticks only ($52.5K): the figures people read are the server's decimal strings. */
function compactDollars(value: number): string {
  return value >= 1 ? COMPACT.format(value) : formatPrice(String(value));
}

function dateLabel(ms: number, intraday: boolean): string {
  const iso = new Date(ms).toISOString();
  return intraday ? `${iso.slice(11, 16)} UTC` : iso.slice(0, 10);
}

/**
 * The price over the range with the user's buys (▲ teal) and sells (▼ red) where they
 * happened. The chart's numbers only place the line and markers; labels come from the
 * server's decimal strings.
 */
export function PriceChart({
  points,
  trades,
  symbol,
}: {
  points: Array<[string, string]>;
  trades: ChartTrade[];
  symbol: string;
}) {
  const data: Point[] = points.map(([t, p]) => ({ t: Date.parse(t), price: Number(p) }));
  const intraday = data.length > 1 && data[data.length - 1]!.t - data[0]!.t <= 86_400_000;
  const marks = (side: 'buy' | 'sell') =>
    trades
      .filter((t) => t.side === side && t.price !== null)
      .map((t) => ({ t: Date.parse(t.timestamp), price: Number(t.price), trade: t }));
  const buys = marks('buy');
  const sells = marks('sell');
  return (
    <Box>
      <Box
        h={280}
        role="img"
        aria-label={`${symbol} price chart with your ${buys.length} buys and ${sells.length} sells`}
        data-testid="price-chart"
      >
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--mantine-color-gray-3)" />
            <XAxis
              dataKey="t"
              type="number"
              scale="time"
              domain={['dataMin', 'dataMax']}
              tickFormatter={(ms: number) => dateLabel(ms, intraday)}
              tick={{ fontSize: 11 }}
              minTickGap={24}
            />
            <YAxis
              dataKey="price"
              domain={['auto', 'auto']}
              tickFormatter={compactDollars}
              tick={{ fontSize: 11 }}
              width={56}
            />
            <Tooltip
              labelFormatter={(ms) => dateLabel(Number(ms), intraday)}
              formatter={(value) => [formatPrice(String(value)), 'Price']}
            />
            <Line
              dataKey="price"
              stroke={LINE}
              dot={false}
              strokeWidth={2}
              isAnimationActive={false}
              name="Price"
            />
            {/* An empty Scatter draws the chart's own data: render one only when it has marks. */}
            {buys.length > 0 ? (
              <Scatter
                data={buys}
                dataKey="price"
                fill={TEAL}
                shape="triangle"
                name="Your buys"
                isAnimationActive={false}
              />
            ) : null}
            {sells.length > 0 ? (
              <Scatter
                data={sells}
                dataKey="price"
                fill={RED}
                shape="diamond"
                name="Your sells"
                isAnimationActive={false}
              />
            ) : null}
          </ComposedChart>
        </ResponsiveContainer>
      </Box>
      <Group gap="md" justify="center" mt={4}>
        <Text fz="xs" c="dimmed">
          <Text span c={LINE}>
            —
          </Text>{' '}
          {symbol} price (USD)
        </Text>
        <Text fz="xs" c="dimmed" data-testid="legend-buys">
          <Text span c={TEAL}>
            ▲
          </Text>{' '}
          your buys ({buys.length})
        </Text>
        <Text fz="xs" c="dimmed" data-testid="legend-sells">
          <Text span c={RED}>
            ◆
          </Text>{' '}
          your sells ({sells.length})
        </Text>
      </Group>
    </Box>
  );
}
