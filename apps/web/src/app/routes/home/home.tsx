import { Button, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconApi, IconFileSpreadsheet, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/session/session';

const WAYS = [
  {
    icon: <IconApi size={22} />,
    title: 'Connect an exchange',
    text: 'Read-only API keys keep your history in sync.',
  },
  {
    icon: <IconFileSpreadsheet size={22} />,
    title: 'Upload a CSV',
    text: 'Exports from 30+ exchanges, or our universal template.',
  },
  {
    icon: <IconWallet size={22} />,
    title: 'Add a wallet',
    text: 'Paste a public address; we fetch its transactions.',
  },
];

/** Landing and first import (spec 01 §2): the importer itself arrives with the imports work. */
export default function HomeRoute() {
  const user = useUser();
  return (
    <>
      <PageHeader
        title={user.first_name ? `Welcome, ${user.first_name}` : 'Welcome to Lotwise'}
        description="Import your transactions to see your gains, losses and income for each tax year."
      />
      <Card p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} fz="xl">
              Import your first transactions
            </Title>
            <Text c="dimmed" fz="sm">
              You have no imports yet. Pick how you want to bring in your history; you can add more accounts
              later.
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {WAYS.map((way) => (
              <Card key={way.title} bg="gray.0" withBorder={false}>
                <Stack gap="xs">
                  <ThemeIcon variant="light" color="teal" size={40} radius="md">
                    {way.icon}
                  </ThemeIcon>
                  <Text fw={600}>{way.title}</Text>
                  <Text fz="sm" c="dimmed">
                    {way.text}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <Button component={Link} to={paths.imports.path} size="md" style={{ alignSelf: 'flex-start' }}>
            Add your first account
          </Button>
        </Stack>
      </Card>
    </>
  );
}
