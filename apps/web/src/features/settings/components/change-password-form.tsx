import { passwordProblems } from '@lotwise/contracts/auth/password-rules';
import { Alert, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { ApiError, errorText } from '@/lib/api-client';
import { useUser } from '@/lib/session/session';
import { useChangePassword } from '../api/change-password';

function message(error: unknown): string {
  if (error instanceof ApiError && error.code === 'invalid_credentials')
    return 'Your current password is incorrect.';
  return errorText(error);
}

export function ChangePasswordForm() {
  const user = useUser();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangePassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = passwordProblems(next, user.email);
    if (problems.length > 0) {
      setProblem(`${problems.join('. ')}.`);
      return;
    }
    setProblem(null);
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
        },
      },
    );
  };

  return (
    <Card>
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              Password
            </Title>
            <Text fz="sm" c="dimmed">
              Changing it signs you out everywhere else.
            </Text>
          </Stack>
          <FormError message={change.isError ? message(change.error) : null} />
          {change.isSuccess ? (
            <Alert color="teal" variant="light" role="status">
              Password changed.
            </Alert>
          ) : null}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            error={problem}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending} disabled={!current || !next}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
