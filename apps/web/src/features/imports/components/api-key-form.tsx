import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '@/lib/api-client';
import { useSaveApiImport } from '../api/api-imports';

/**
 * Connect Kraken by a read-only API key (issue 18): the key and secret go to the server once,
 * are sealed there and never shown again. The import then runs like an upload, with progress.
 */
export function ApiKeyForm({ exchangeName, onDone }: { exchangeName: string; onDone: () => void }) {
  const save = useSaveApiImport();
  const [apiKey, setApiKey] = useState('');
  const [secret, setSecret] = useState('');
  const [customName, setCustomName] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { exchange: 'kraken', api_key: apiKey, secret, custom_name: customName || undefined },
          { onSuccess: onDone },
        );
      }}
    >
      <Stack gap="sm" data-testid="api-key-form">
        <Text fz="sm" c="dimmed">
          Create a key in {exchangeName} under Settings → API with only “Query Funds” and “Query Ledger
          Entries”. Lotwise stores it encrypted and only reads your history.
        </Text>
        <TextInput
          label="API key"
          value={apiKey}
          onChange={(e) => setApiKey(e.currentTarget.value)}
          autoComplete="off"
        />
        <PasswordInput
          label="Private key (secret)"
          value={secret}
          onChange={(e) => setSecret(e.currentTarget.value)}
          autoComplete="off"
        />
        <TextInput
          label="Account name"
          placeholder={exchangeName}
          value={customName}
          onChange={(e) => setCustomName(e.currentTarget.value)}
          maxLength={120}
        />
        {save.isError ? (
          <Alert color="red" data-testid="api-key-error">
            {errorText(save.error)}
          </Alert>
        ) : null}
        <Button type="submit" loading={save.isPending} w="fit-content">
          Connect {exchangeName}
        </Button>
      </Stack>
    </form>
  );
}
