import { Group, Skeleton, Stack } from '@mantine/core';

/** Placeholder rows while the finder list loads. */
export function FoundAddressSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Stack gap="sm" role="status" aria-label="Loading addresses">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders without identity
        <Group key={i} gap="sm" wrap="nowrap">
          <Skeleton height={20} width={20} radius="sm" />
          <Skeleton height={14} style={{ flex: 1 }} radius="sm" />
        </Group>
      ))}
    </Stack>
  );
}
