import { API_EXCHANGES, type ApiExchange } from '@lotwise/contracts/imports/api-imports';
import type { exchangeOption } from '@lotwise/contracts/imports/manual-entry';
import {
  Checkbox,
  Divider,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { ConnectWithButton } from '@/components/oauth/connect-with-button';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { useOauthProviders } from '@/lib/api/oauth/oauth';
import { useSession } from '@/lib/session/session';
import { useUploads } from '../hooks/use-uploads';
import { AddressForm } from './address-form';
import { ApiKeyForm } from './api-key-form';
import { ImportDropzone } from './import-dropzone';
import { UploadList } from './upload-list';

export type ExchangeOption = z.infer<typeof exchangeOption>;

/** Exchanges Lotwise can read by API key (the account slug is the exchange's id). */
const API_SLUGS = new Set<string>(API_EXCHANGES);
const isApiExchange = (slug: string): slug is ApiExchange => API_SLUGS.has(slug);
/** Wallets Lotwise can read by address. */
const ADDRESS_SLUGS = new Set(['etherscan', 'electrum', 'solscan', 'trezorsuite']);
/** The chain the address form starts on for each of those accounts. */
const FIRST_CHAIN: Record<string, string> = { electrum: 'btc', solscan: 'sol', trezorsuite: 'ltc' };

export interface UploadTarget {
  title: string;
  /** A new account of this exchange (from the exchanges table). */
  exchange?: ExchangeOption;
  /** Add the files to this existing account. */
  historyId?: number;
  /** The user already has an account of this exchange: offer a separate one. */
  hasExisting?: boolean;
}

/** Upload files for one exchange or into one account, with the optional settings of an upload. */
export function UploadDialog({ target, onClose }: { target: UploadTarget | null; onClose: () => void }) {
  const mobile = useIsMobile();
  const uploads = useUploads();
  const [format, setFormat] = useState<string>('auto');
  const [customName, setCustomName] = useState('');
  const [walletAddress, setWalletAddress] = useState('');
  const [separate, setSeparate] = useState(false);
  const [mode, setMode] = useState<'file' | 'api'>('file');
  const { clear } = uploads;
  const providers = useOauthProviders();
  // An accountant inside a client's account cannot consent for them on the exchange.
  const viewing = Boolean(useSession().data?.masquerade);

  useEffect(() => {
    if (!target) return;
    setFormat('auto');
    setCustomName('');
    setWalletAddress('');
    setSeparate(false);
    setMode('file');
    clear();
  }, [target, clear]);

  const exchange = target?.exchange;
  const formats = [
    { value: 'auto', label: 'Detect automatically' },
    ...(exchange?.formats ?? []).map((f) => ({ value: f.id, label: f.label })),
  ];
  const newAccount = target?.historyId === undefined && (separate || !target?.hasExisting);
  // Exchanges Lotwise can read by API key, wallets by address (a new account only).
  const newOnly = exchange !== undefined && target?.historyId === undefined;
  const byAddress = newOnly && ADDRESS_SLUGS.has(exchange.slug);
  const canConnect = newOnly && (isApiExchange(exchange.slug) || byAddress);
  const oauth = viewing ? undefined : providers.data?.data.find((p) => p.id === exchange?.slug);

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? `Import ${target.title}` : ''}
      size="lg"
      fullScreen={mobile}
    >
      <Stack gap="md">
        {canConnect ? (
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v === 'api' ? 'api' : 'file')}
            data={[
              { value: 'file', label: 'Upload a file' },
              {
                value: 'api',
                label: byAddress
                  ? 'Add by address'
                  : oauth
                    ? 'Connect your account'
                    : 'Connect with an API key',
              },
            ]}
          />
        ) : null}
        {canConnect && mode === 'api' && exchange ? (
          byAddress ? (
            <AddressForm onDone={onClose} initialCoin={FIRST_CHAIN[exchange.slug] ?? 'eth'} />
          ) : isApiExchange(exchange.slug) ? (
            <Stack gap="md">
              {oauth ? (
                <>
                  <ConnectWithButton provider={oauth.id} name={oauth.name} />
                  <Divider label="or with a read-only API key" labelPosition="center" />
                </>
              ) : null}
              <ApiKeyForm exchange={exchange.slug} onDone={onClose} />
            </Stack>
          ) : null
        ) : null}
        {mode === 'api' && canConnect ? null : (
          <>
            {exchange ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Select
                  label="File layout"
                  data={formats}
                  value={format}
                  onChange={(v) => setFormat(v ?? 'auto')}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
                {newAccount ? (
                  <TextInput
                    label="Account name"
                    placeholder={exchange.name}
                    value={customName}
                    onChange={(e) => setCustomName(e.currentTarget.value)}
                    maxLength={120}
                  />
                ) : null}
                {exchange.type === 'wallet' ? (
                  <TextInput
                    label="Wallet address"
                    placeholder="Optional: tells your sends from your receives"
                    value={walletAddress}
                    onChange={(e) => setWalletAddress(e.currentTarget.value)}
                  />
                ) : null}
              </SimpleGrid>
            ) : (
              <Text fz="sm" c="dimmed">
                The files are added to this account. Rows already imported are recognised and not added twice.
              </Text>
            )}
            {exchange && target?.hasExisting ? (
              <Checkbox
                label={`Create a separate ${exchange.name} account instead of adding to the one you have`}
                checked={separate}
                onChange={(e) => setSeparate(e.currentTarget.checked)}
              />
            ) : null}
            <ImportDropzone
              compact
              onFiles={(files) =>
                uploads.upload(files, {
                  format: format === 'auto' ? undefined : format,
                  importHistoryId: target?.historyId,
                  customName: newAccount ? customName : undefined,
                  walletAddress: exchange?.type === 'wallet' ? walletAddress : undefined,
                  newAccount: exchange ? separate : undefined,
                })
              }
            />
            <UploadList items={uploads.items} onDismiss={uploads.dismiss} />
          </>
        )}
      </Stack>
    </Modal>
  );
}
