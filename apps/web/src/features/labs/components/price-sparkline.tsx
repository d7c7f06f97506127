import '@mantine/charts/styles.css';
import { Sparkline } from '@mantine/charts';
import { Box } from '@mantine/core';

/** The last 7 days at a glance; an empty box keeps rows aligned when there is no history. */
export function PriceSparkline({ points, label }: { points: string[]; label: string }) {
  if (points.length < 2) return <Box w={88} h={32} aria-hidden />;
  const data = points.map(Number);
  const up = data[data.length - 1]! >= data[0]!;
  return (
    <Box w={88} h={32} role="img" aria-label={`${label} over the last 7 days`}>
      <Sparkline
        w={88}
        h={32}
        data={data}
        curveType="linear"
        color={up ? 'teal.6' : 'red.6'}
        fillOpacity={0.15}
        strokeWidth={1.5}
      />
    </Box>
  );
}
