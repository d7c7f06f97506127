import { API_EXCHANGE_INFO, type ApiExchange } from '@lotwise/contracts/imports/api-imports';
import { Alert, Button, PasswordInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '@/lib/api-client';
import { useSaveApiImport } from '../api/api-imports';

/**
 * Connect an exchange by a read-only API key (issue 18): the key, secret and (KuCoin, OKX) the
 * passphrase go to the server once, are sealed there and never shown again. The import then runs
 * like an upload, with progress. Coinbase's keys are PEM blocks, so its secret is a text area.
 */
export function ApiKeyForm({ exchange, onDone }: { exchange: ApiExchange; onDone: () => void }) {
  const save = useSaveApiImport();
  const info = API_EXCHANGE_INFO[exchange] ?? {
    name: exchange,
    passphrase: false,
    secretLabel: 'Secret',
    howTo: 'the API settings: a read-only key.',
  };
  const [apiKey, setApiKey] = useState('');
  const [secret, setSecret] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [customName, setCustomName] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          {
            exchange,
            api_key: apiKey,
            secret,
            ...(info.passphrase ? { passphrase } : {}),
            custom_name: customName || undefined,
          },
          { onSuccess: onDone },
        );
      }}
    >
      <Stack gap="sm" data-testid="api-key-form">
        <Text fz="sm" c="dimmed">
          Create a key in {info.name} under {info.howTo} Lotwise stores it encrypted and only reads your
          history.
        </Text>
        <TextInput
          label="API key"
          value={apiKey}
          onChange={(e) => setApiKey(e.currentTarget.value)}
          autoComplete="off"
        />
        {exchange === 'coinbase' ? (
          <Textarea
            label={info.secretLabel}
            value={secret}
            onChange={(e) => setSecret(e.currentTarget.value)}
            autoComplete="off"
            autosize
            minRows={2}
            maxRows={6}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
        ) : (
          <PasswordInput
            label={info.secretLabel}
            value={secret}
            onChange={(e) => setSecret(e.currentTarget.value)}
            autoComplete="off"
          />
        )}
        {info.passphrase ? (
          <PasswordInput
            label="Passphrase"
            value={passphrase}
            onChange={(e) => setPassphrase(e.currentTarget.value)}
            autoComplete="off"
          />
        ) : null}
        <TextInput
          label="Account name"
          placeholder={info.name}
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
          Connect {info.name}
        </Button>
      </Stack>
    </form>
  );
}
