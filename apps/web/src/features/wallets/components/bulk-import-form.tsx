import { Alert, Button, Checkbox, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { ApiError, errorText } from '@/lib/api-client';
import { useBulkImportWallets } from '../api/bulk-import-wallets';
import { parseWalletLines, walletsToImportText } from '../utils/parse-wallet-lines';

/** Every problem the server named (one per wrong line on a 400), or the one error text. */
function serverErrors(error: unknown): string[] {
  if (error instanceof ApiError) return error.messages;
  return [errorText(error)];
}

/** The bulk import text, parsed as it is typed; nothing is sent while a line is wrong. */
export function BulkImportForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [text, setText] = useState('');
  const [usBased, setUsBased] = useState(false);
  const [tried, setTried] = useState(false);
  const bulk = useBulkImportWallets();
  const parsed = useMemo(() => parseWalletLines(text), [text]);
  const count = parsed.wallets.length;
  const showLineErrors = parsed.errors.length > 0 && (tried || count > 0);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (parsed.errors.length > 0 || count === 0) return;
    bulk.mutate({ wallets: parsed.wallets, us_based: usBased }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="sm">
        <Textarea
          label="Addresses, one per line"
          description="Write each wallet as chain,address or chain,address,name — e.g. btc,bc1q…,Cold storage"
          placeholder="eth,0x…,My wallet"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autosize
          minRows={6}
          maxRows={16}
          spellCheck={false}
          autoComplete="off"
          data-autofocus
          data-testid="bulk-import-text"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Text fz="sm" c="dimmed" data-testid="bulk-import-count">
          {walletsToImportText(count)}
        </Text>
        {showLineErrors ? (
          <Alert color="orange" variant="light" data-testid="bulk-import-line-errors">
            <List size="sm" spacing={2}>
              {parsed.errors.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Checkbox
          label="US based"
          checked={usBased}
          onChange={(e) => setUsBased(e.currentTarget.checked)}
          data-testid="bulk-import-us-based"
        />
        {bulk.isError ? (
          <Alert color="red" variant="light" title="Nothing was imported" data-testid="bulk-import-errors">
            <List size="sm" spacing={2}>
              {serverErrors(bulk.error).map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={bulk.isPending}
            disabled={count === 0 || parsed.errors.length > 0}
            data-testid="bulk-import-submit"
          >
            Import wallets
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
