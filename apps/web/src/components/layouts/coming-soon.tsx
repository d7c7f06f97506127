import { Badge, Card, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';

interface ComingSoonProps {
  title: string;
  description: string;
  /** What the finished page will offer, as a short list. */
  features?: string[];
  children?: ReactNode;
}

/** A tidy placeholder for a route whose page another area fills in later. */
export function ComingSoon({ title, description, features = [], children }: ComingSoonProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={40} radius="xl" variant="light" color="teal">
              <IconHourglassHigh size={22} />
            </ThemeIcon>
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={600}>This page is on its way</Text>
                <Badge variant="light" color="gray" size="sm">
                  Coming soon
                </Badge>
              </Group>
              <Text c="dimmed" fz="sm">
                Nothing to do here yet. Everything else in the menu keeps working.
              </Text>
            </Stack>
          </Group>
          {features.length > 0 ? (
            <List spacing={4} size="sm" c="dimmed">
              {features.map((f) => (
                <List.Item key={f}>{f}</List.Item>
              ))}
            </List>
          ) : null}
          {children}
        </Stack>
      </Card>
    </>
  );
}
