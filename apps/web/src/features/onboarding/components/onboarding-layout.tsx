import { Anchor, Box, Card, Container, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type ReactNode, useEffect } from 'react';
import { Logo } from '@/components/ui/logo';
import { onboardingStepOf } from '@/lib/access/onboarding-progress';
import { useLogout } from '@/lib/session/logout';
import { useSession } from '@/lib/session/session';
import { useSaveOnboardingStep } from '../api/save-onboarding-step';

export const ONBOARDING_STEPS = ['Role', 'Location', 'Currency', 'Notifications', 'Finish'] as const;

interface OnboardingLayoutProps {
  step: 1 | 2 | 3 | 4 | 5;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** A focused, full-page frame for the onboarding steps, with progress and a sign-out way out. */
export function OnboardingLayout({ step, title, subtitle, children }: OnboardingLayoutProps) {
  useDocumentTitle(`${title} · Set up Lotwise`);
  const logout = useLogout();
  const user = useSession().data?.user;
  const reached = user && !user.onboarded ? onboardingStepOf(user) : null;
  const save = useSaveOnboardingStep();
  const { mutate } = save;
  useEffect(() => {
    if (reached !== null && step > reached) mutate(step);
  }, [reached, step, mutate]);
  const progress = (step / ONBOARDING_STEPS.length) * 100;
  return (
    <Box bg="gray.0" mih="100dvh">
      <Group
        h={60}
        px="md"
        justify="space-between"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Logo to="/onboarding/step-1" />
        <Anchor component="button" type="button" fz="sm" c="dimmed" onClick={() => logout.mutate()}>
          Sign out
        </Anchor>
      </Group>
      <Container size={640} py={{ base: 'lg', sm: 48 }} px="md">
        <Stack gap="lg">
          <Stack gap={6}>
            <Group justify="space-between">
              <Text fz="xs" fw={700} tt="uppercase" c="teal.8" style={{ letterSpacing: '0.06em' }}>
                Step {step} of {ONBOARDING_STEPS.length} · {ONBOARDING_STEPS[step - 1]}
              </Text>
            </Group>
            <Progress
              value={progress}
              size="sm"
              color="teal"
              aria-label={`Step ${step} of ${ONBOARDING_STEPS.length}`}
            />
          </Stack>
          <Card shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="lg">
              <Stack gap={4}>
                <Title order={1} fz={{ base: 22, sm: 26 }}>
                  {title}
                </Title>
                {subtitle ? (
                  <Text c="dimmed" fz="sm">
                    {subtitle}
                  </Text>
                ) : null}
              </Stack>
              {children}
            </Stack>
          </Card>
        </Stack>
      </Container>
    </Box>
  );
}
