import { Alert, Button, Card, FileInput, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useUploadBrokerForm } from '@/lib/api/broker-forms/broker-forms';
import { AccountSelect } from './account-select';
import { ProblemsAlert } from './problems-alert';

/**
 * Upload a 1099-DA CSV for an account and the page's year; a bad file is refused whole, row by
 * row. The account is the page's (the typed-in form's dialog starts from it too).
 */
export function UploadCard({
  year,
  account,
  onAccount,
  onType,
}: {
  year: number;
  account: string | null;
  onAccount: (id: string | null) => void;
  onType: () => void;
}) {
  const upload = useUploadBrokerForm();
  const [file, setFile] = useState<File | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || !account) return;
    upload.mutate({ file, accountId: Number(account), year }, { onSuccess: () => setFile(null) });
  };
  return (
    <Card>
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              Add a Form 1099-DA
            </Title>
            <Text fz="sm" c="dimmed">
              The CSV your exchange offers with the form (by box number, TaxBit’s Form Data template or FDX
              field names), or type the paper form in.
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <AccountSelect value={account} onChange={onAccount} />
            <FileInput
              label="1099-DA file"
              placeholder="Choose a .csv file"
              accept=".csv,text/csv"
              value={file}
              onChange={setFile}
              leftSection={<IconUpload size={16} />}
              clearable
            />
          </SimpleGrid>
          <ProblemsAlert error={upload.error} title="The form was not imported" />
          {upload.data ? (
            <Alert color="teal" role="status">
              {upload.data.message}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onType}>
              Type in a form
            </Button>
            <Button type="submit" disabled={!file || !account} loading={upload.isPending}>
              Import the form
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
