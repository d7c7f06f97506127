import { Alert, Button, Group, Paper, SegmentedControl, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { type OnboardingRole, useUpdateRole } from '@/lib/api/onboarding/update-role';
import { errorText } from '@/lib/api-client';
import { useUser } from '@/lib/session/session';

/** Switching between a personal account, a tax professional's, or both (spec 01 §2/§6). */
export function AccountTypeForm() {
  const user = useUser();
  const current: OnboardingRole =
    user.roles.includes('cpa') && user.roles.includes('customer')
      ? 'both'
      : user.roles.includes('cpa')
        ? 'cpa'
        : 'customer';
  const [role, setRole] = useState<OnboardingRole>(current);
  const update = useUpdateRole();
  return (
    <Paper withBorder radius="md" p="md" id="account-type">
      <Title order={2} fz="md" mb={4}>
        Account type
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        A tax professional gets the Tax Pro dashboard for their clients; with both, you keep your own
        transactions too.
      </Text>
      <Group gap="sm" align="center">
        <SegmentedControl
          aria-label="Account type"
          value={role}
          onChange={(v) => setRole(v as OnboardingRole)}
          data={[
            { value: 'customer', label: 'Personal' },
            { value: 'cpa', label: 'Tax professional' },
            { value: 'both', label: 'Both' },
          ]}
        />
        <Button
          disabled={role === current}
          loading={update.isPending}
          onClick={() =>
            update.mutate(role, {
              onSuccess: () => notifications.show({ color: 'green', message: 'Account type saved' }),
            })
          }
        >
          Save
        </Button>
      </Group>
      {update.error ? (
        <Alert color="red" mt="sm">
          {errorText(update.error)}
        </Alert>
      ) : null}
    </Paper>
  );
}
