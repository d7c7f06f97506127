import { Alert, Button, Card, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceDesktop, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FormError } from '@/components/ui/form-error';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { isCpa } from '@/lib/access/roles';
import { errorText } from '@/lib/api-client';
import { useUser } from '@/lib/session/session';
import { useSendDesktopLink } from '../api/send-desktop-link';
import { useFinishOnboarding } from '../hooks/use-finish-onboarding';
import { OnboardingLayout } from './onboarding-layout';

export function StepFinish() {
  const user = useUser();
  const mobile = useIsMobile();
  const { finish, isPending, error } = useFinishOnboarding();
  const desktopLink = useSendDesktopLink();
  const cpa = isCpa(user);
  const next = cpa
    ? ['Open your Tax Pro dashboard', 'Add your first client', "View a client's reports"]
    : [
        'Import an exchange, wallet or CSV file',
        'Review transactions that need attention',
        'Calculate your taxes',
      ];

  return (
    <OnboardingLayout
      step={5}
      title="You're all set"
      subtitle={`Your settings are saved: ${user.currency} · ${user.timezone} · ${user.country_code}.`}
    >
      <Stack gap="md">
        <FormError message={error ? errorText(error) : null} />
        <Card bg="gray.0" withBorder={false}>
          <Text fw={600} mb="xs">
            What happens next
          </Text>
          {/* Numbered, not checked: these are still to do. */}
          <List spacing="xs" size="sm" data-testid="onboarding-next-steps">
            {next.map((n, i) => (
              <List.Item
                key={n}
                icon={
                  <ThemeIcon color="gray" variant="light" size={20} radius="xl">
                    <Text fz={11} fw={700}>
                      {i + 1}
                    </Text>
                  </ThemeIcon>
                }
              >
                {n}
              </List.Item>
            ))}
          </List>
        </Card>
        {mobile && !cpa ? (
          <Stack gap="xs">
            <Text fz="sm" c="dimmed">
              Importing files is easier on a computer. We can e-mail you a link to continue there.
            </Text>
            {desktopLink.isSuccess ? (
              <Alert color={desktopLink.data.success ? 'teal' : 'orange'} variant="light" role="status">
                {desktopLink.data.message}
              </Alert>
            ) : (
              <Button
                variant="default"
                leftSection={<IconDeviceDesktop size={16} />}
                loading={desktopLink.isPending}
                onClick={() => desktopLink.mutate('/imports')}
              >
                E-mail me a desktop link
              </Button>
            )}
          </Stack>
        ) : null}
        <Group justify="space-between" mt="sm">
          <Button
            component={Link}
            to="/onboarding/video"
            variant="subtle"
            leftSection={<IconPlayerPlay size={16} />}
          >
            Watch the tour
          </Button>
          <Button onClick={finish} loading={isPending}>
            {cpa ? 'Go to my dashboard' : 'Start importing'}
          </Button>
        </Group>
      </Stack>
    </OnboardingLayout>
  );
}
