import { Anchor, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { useLogout } from '@/lib/session/logout';

/** For anyone who is signed in without the admin, customer or cpa role (spec 01 §6). */
export function UnauthorisedScreen() {
  useDocumentTitle('Not allowed · Lotwise');
  const logout = useLogout();
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Stack align="center" gap="md" maw={440} ta="center">
        <ThemeIcon size={72} radius="xl" color="red" variant="light">
          <IconLock size={36} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          OH SNAP! You&apos;re not supposed to be here.
        </Title>
        <Text c="dimmed">
          Your account does not have access to Lotwise pages. Sign out and try another account.
        </Text>
        <Anchor component="button" type="button" fw={700} fz="lg" onClick={() => logout.mutate()}>
          Get me out!
        </Anchor>
      </Stack>
    </Center>
  );
}
