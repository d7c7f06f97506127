import { Card, Group, Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBriefcase, IconUser } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormError } from '@/components/ui/form-error';
import { isCpaOnly } from '@/lib/access/roles';
import { type OnboardingRole, useUpdateRole } from '@/lib/api/onboarding/update-role';
import { errorText } from '@/lib/api-client';
import { useUser } from '@/lib/session/session';
import { OnboardingLayout } from './onboarding-layout';
import { StepActions } from './step-actions';

const CHOICES: { value: OnboardingRole; title: string; text: string; icon: React.ReactNode }[] = [
  {
    value: 'customer',
    title: 'For myself',
    text: 'Import my own exchanges and wallets and get my tax reports.',
    icon: <IconUser size={22} />,
  },
  {
    value: 'cpa',
    title: 'For my clients',
    text: "I'm an accountant or tax professional working on clients' crypto taxes.",
    icon: <IconBriefcase size={22} />,
  },
];

export function StepRole() {
  const user = useUser();
  const navigate = useNavigate();
  const [role, setRole] = useState<OnboardingRole>(isCpaOnly(user) ? 'cpa' : 'customer');
  const update = useUpdateRole();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(role, { onSuccess: () => navigate('/onboarding/step-2') });
  };

  return (
    <OnboardingLayout
      step={1}
      title="How will you use Lotwise?"
      subtitle="You can change this later in your settings."
    >
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          <FormError message={update.isError ? errorText(update.error) : null} />
          <Radio.Group
            value={role}
            onChange={(v) => setRole(v as OnboardingRole)}
            aria-label="How will you use Lotwise?"
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {CHOICES.map((choice) => (
                <Radio.Card key={choice.value} value={choice.value} radius="lg" p="md">
                  <Group align="flex-start" wrap="nowrap" gap="sm">
                    <Radio.Indicator mt={4} />
                    <Stack gap={6}>
                      <ThemeIcon variant="light" color="teal" size={36}>
                        {choice.icon}
                      </ThemeIcon>
                      <Text fw={600}>{choice.title}</Text>
                      <Text fz="sm" c="dimmed">
                        {choice.text}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
          <Card bg="gray.0" withBorder={false} p="sm">
            <Text fz="xs" c="dimmed">
              Signed in as {user.email}
            </Text>
          </Card>
          <StepActions loading={update.isPending} />
        </Stack>
      </form>
    </OnboardingLayout>
  );
}
