import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useUpdateImportName } from '../api/update-import-name';

interface RenameDialogProps {
  account: { id: number; name: string } | null;
  onClose: () => void;
}

/** Rename an account (its custom name). */
export function RenameDialog({ account, onClose }: RenameDialogProps) {
  const [name, setName] = useState('');
  const rename = useUpdateImportName();
  useEffect(() => setName(account?.name ?? ''), [account]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!account || !name.trim()) return;
    rename.mutate({ id: account.id, custom_name: name.trim() }, { onSuccess: onClose });
  };

  return (
    <Modal opened={account !== null} onClose={onClose} title="Rename account">
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          <TextInput
            label="Account name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={120}
            error={name.trim() ? undefined : 'Enter a name'}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending} disabled={!name.trim()}>
              Save name
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
