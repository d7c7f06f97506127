import {
  Alert,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  List,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiError, errorText } from '@/lib/api-client';
import { useUploadPrices } from '../api/price-files';

const QUOTES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'JPY'];

/**
 * Loads a daily price file: `date,asset,price,currency` or CoinGecko's per-coin export (then
 * the asset must be named). The file is refused as a whole when a row is wrong; every problem
 * is listed with its line and field.
 */
export function PriceUploadForm({ canShare }: { canShare: boolean }) {
  const upload = useUploadPrices();
  const [file, setFile] = useState<File | null>(null);
  const [asset, setAsset] = useState('');
  const [currency, setCurrency] = useState<string | null>('USD');
  const [shared, setShared] = useState(false);
  const problems =
    upload.error instanceof ApiError ? upload.error.messages : upload.error ? [errorText(upload.error)] : [];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate({ file, asset, currency: currency ?? 'USD', shared }, { onSuccess: () => setFile(null) });
  };
  return (
    <Card>
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              Load prices from a file
            </Title>
            <Text fz="sm" c="dimmed">
              A CSV with the header <code>date,asset,price,currency</code> (one price a day:
              2024-02-01,BTC,43000.5,USD), or a CoinGecko price history export. Your prices are used before
              any provider’s, for your transactions only.
            </Text>
          </Stack>
          <FileInput
            label="Price file"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            value={file}
            onChange={setFile}
            leftSection={<IconUpload size={16} />}
            clearable
          />
          <Group grow align="flex-start">
            <TextInput
              label="Asset"
              description="Only for a CoinGecko export"
              placeholder="e.g. BTC"
              value={asset}
              onChange={(e) => setAsset(e.currentTarget.value)}
            />
            <Select
              label="Currency"
              description="Of a CoinGecko export"
              data={QUOTES}
              value={currency}
              onChange={setCurrency}
              allowDeselect={false}
            />
          </Group>
          {canShare ? (
            <Checkbox
              label="Share with every user of this instance (administrators)"
              checked={shared}
              onChange={(e) => setShared(e.currentTarget.checked)}
            />
          ) : null}
          {problems.length > 0 ? (
            <Alert color="red" title="The file was not loaded" role="alert">
              <List size="sm">
                {problems.slice(0, 12).map((p) => (
                  <List.Item key={p}>{p}</List.Item>
                ))}
              </List>
              {problems.length > 12 ? <Text fz="sm">…and {problems.length - 12} more</Text> : null}
            </Alert>
          ) : null}
          {upload.data ? (
            <Alert color="teal" role="status">
              {upload.data.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" disabled={!file} loading={upload.isPending}>
              Load prices
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
