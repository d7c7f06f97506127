import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { NOT_WHILE_VIEWING } from '@/lib/access/viewing-client';

/** In place of a page the client keeps to themselves, while an accountant views their account. */
export function NotWhileViewing() {
  return (
    <Center py={60} data-testid="not-while-viewing">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconEye size={26} />
        </ThemeIcon>
        <Title order={2} fz={22}>
          {NOT_WHILE_VIEWING}
        </Title>
        <Text c="dimmed" fz="sm">
          The client's sign-in, settings, accountants and billing stay theirs. Use "Exit and Return" in the
          banner to go back to your own account.
        </Text>
      </Stack>
    </Center>
  );
}
