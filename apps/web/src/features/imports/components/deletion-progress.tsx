import { Alert, Loader, Progress, Stack, Text } from '@mantine/core';

/** Shown while a deletion job runs (its status is polled every second). */
export function DeletionProgress({ deleting, message }: { deleting: boolean; message: string }) {
  if (!deleting) return null;
  return (
    <Alert color="orange" variant="light" icon={<Loader size={16} color="orange" />} mb="md" role="status">
      <Stack gap={6}>
        <Text fz="sm" fw={600}>
          {message}
        </Text>
        <Progress value={100} striped animated color="orange" size="xs" aria-label="Deletion progress" />
      </Stack>
    </Alert>
  );
}
