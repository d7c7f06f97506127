import { AspectRatio, Badge, Button, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalculator, IconFileImport, IconFileText, IconListCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FormError } from '@/components/ui/form-error';
import { errorText } from '@/lib/api-client';
import { useFinishOnboarding } from '../hooks/use-finish-onboarding';
import { OnboardingLayout } from './onboarding-layout';

const TOUR_URL = import.meta.env.VITE_ONBOARDING_VIDEO_URL as string | undefined;

const STEPS = [
  { icon: <IconFileImport size={20} />, title: 'Import', text: 'Exchanges, wallets and CSV files.' },
  { icon: <IconListCheck size={20} />, title: 'Review', text: 'Fix missing prices and transfers.' },
  { icon: <IconCalculator size={20} />, title: 'Calculate', text: 'FIFO, LIFO, HIFO per tax year.' },
  { icon: <IconFileText size={20} />, title: 'Report', text: 'Form 8949, Schedule D, income.' },
];

/** /onboarding/video: the product tour (a video when the instance configures one). */
export function VideoTour() {
  const { finish, isPending, error } = useFinishOnboarding();
  return (
    <OnboardingLayout
      step={5}
      title="How Lotwise works"
      subtitle="Four steps from raw history to tax reports."
    >
      <Stack gap="md">
        <FormError message={error ? errorText(error) : null} />
        {TOUR_URL ? (
          <AspectRatio ratio={16 / 9}>
            <video src={TOUR_URL} controls preload="metadata" style={{ borderRadius: 12 }}>
              <track kind="captions" />
            </video>
          </AspectRatio>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {STEPS.map((s, i) => (
              <Stack key={s.title} gap={6} p="sm" bg="gray.0" style={{ borderRadius: 12 }}>
                <Group gap={6}>
                  <ThemeIcon variant="light" color="teal" size={32}>
                    {s.icon}
                  </ThemeIcon>
                  <Badge variant="light" color="gray" size="sm">
                    {i + 1}
                  </Badge>
                </Group>
                <Text fw={600} fz="sm">
                  {s.title}
                </Text>
                <Text fz="xs" c="dimmed">
                  {s.text}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        )}
        <Group justify="space-between" mt="sm">
          <Button component={Link} to="/onboarding/step-5" variant="subtle" color="gray">
            Back
          </Button>
          <Button onClick={finish} loading={isPending}>
            Finish setup
          </Button>
        </Group>
      </Stack>
    </OnboardingLayout>
  );
}
