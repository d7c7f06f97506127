import { Alert, List, Text } from '@mantine/core';
import { ApiError, errorText } from '@/lib/api-client';

/** Every problem the server named (a bad row's line and column), the first dozen listed. */
export function ProblemsAlert({ error, title }: { error: unknown; title: string }) {
  if (!error) return null;
  const problems = error instanceof ApiError ? error.messages : [errorText(error)];
  return (
    <Alert color="red" title={title} role="alert">
      <List size="sm">
        {problems.slice(0, 12).map((p) => (
          <List.Item key={p}>{p}</List.Item>
        ))}
      </List>
      {problems.length > 12 ? <Text fz="sm">…and {problems.length - 12} more</Text> : null}
    </Alert>
  );
}
