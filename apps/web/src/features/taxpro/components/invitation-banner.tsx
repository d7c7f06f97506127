import { ACCEPTED_MESSAGE } from '@lotwise/contracts/taxpro/taxpro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useAnswerInvitation, usePendingInvitations } from '@/lib/api/taxpro/taxpro';

/** spec 01 §2/§6: pending invitations for customers; hidden at zero. */
export function InvitationBanner() {
  const pending = usePendingInvitations(true);
  const answer = useAnswerInvitation();
  const items = pending.data?.data ?? [];
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" mb="md">
      {items.map((inv) => (
        <Alert
          key={inv.id}
          color="teal"
          variant="light"
          icon={<IconUserPlus size={18} />}
          data-testid="invitation-banner"
        >
          <Group justify="space-between" gap="sm">
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              <b>{inv.from_name ?? inv.from_email}</b> ({inv.from_email}){' '}
              {inv.from_role === 'cpa'
                ? 'invited you to work with them as your accountant.'
                : 'asked you to be their accountant.'}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                loading={answer.isPending && answer.variables?.accept === true}
                onClick={() =>
                  answer.mutate(
                    { id: inv.id, accept: true },
                    {
                      onSuccess: () => notifications.show({ color: 'green', message: ACCEPTED_MESSAGE }),
                      onError: () =>
                        notifications.show({ color: 'red', message: 'Failed to confirm invitation' }),
                    },
                  )
                }
              >
                Accept
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                onClick={() => answer.mutate({ id: inv.id, accept: false })}
              >
                Decline
              </Button>
            </Group>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
