import { Button, Group, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';

/** An e-mail and a Send button; the parent says what happens and shows the outcome. */
export function InviteForm({
  label,
  busy,
  error,
  onInvite,
}: {
  label: string;
  busy: boolean;
  error: string | null;
  onInvite: (email: string, done: () => void) => void;
}) {
  const [email, setEmail] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (email.trim()) onInvite(email.trim(), () => setEmail(''));
      }}
    >
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          type="email"
          label={label}
          placeholder="name@example.com"
          value={email}
          error={error}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" mt={25} loading={busy} leftSection={<IconSend size={16} />}>
          Invite
        </Button>
      </Group>
    </form>
  );
}
