import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorText } from '@/lib/api-client';
import { type BlockchainQueryInput, useBlockchainQuery } from '../api/api-imports';
import { useCheckSmartContract } from '../api/check-smart-contract';

/**
 * Chains Lotwise reads by address: EVM chains through Etherscan, Bitcoin through Esplora,
 * Litecoin, Dogecoin, Bitcoin Cash and Dash through Blockbook, Solana through its RPC.
 */
const CHAINS = [
  { value: 'btc', label: 'Bitcoin' },
  { value: 'ltc', label: 'Litecoin' },
  { value: 'doge', label: 'Dogecoin' },
  { value: 'bch', label: 'Bitcoin Cash' },
  { value: 'dash', label: 'Dash' },
  { value: 'sol', label: 'Solana' },
  { value: 'eth', label: 'Ethereum' },
  { value: 'bsc', label: 'BNB Smart Chain' },
  { value: 'matic', label: 'Polygon' },
  { value: 'arb', label: 'Arbitrum One' },
  { value: 'op', label: 'OP Mainnet' },
  { value: 'base', label: 'Base' },
  { value: 'avax', label: 'Avalanche C-Chain' },
  { value: 'ftm', label: 'Fantom' },
  { value: 'blast', label: 'Blast' },
];

/** Bitcoin-family chains, which also take an extended public key (every address it derives). */
const UTXO: Record<string, string> = {
  btc: 'bc1… or zpub…',
  ltc: 'ltc1… or Ltub…',
  doge: 'D… or dgub…',
  bch: 'bitcoincash:q… or xpub…',
  dash: 'X… or drkp…',
};
/** The spec's wallet notes (§8): what a chain's import leaves out. */
export const CHAIN_NOTES: Record<string, string> = {
  matic:
    'Polygon (MATIC) wallet: transactions on the Polygon PoS chain are imported, with MATIC/POL as the gas coin; Polygon zkEVM transactions are not, add them with a custom CSV.',
  avax: 'AVAX wallet: C-Chain transactions are imported; Meld chain transactions are not imported, add them with a custom CSV.',
};
const EXTENDED_KEY = /^[a-zA-Z]{4}[1-9A-HJ-NP-Za-km-z]{100,112}$/;

/** Add a wallet by its public address (issue 18): its history is read from the chain's explorer. */
export function AddressForm({ onDone, initialCoin = 'eth' }: { onDone: () => void; initialCoin?: string }) {
  const query = useBlockchainQuery();
  const check = useCheckSmartContract();
  const [coin, setCoin] = useState(initialCoin);
  const utxo = coin in UTXO;
  const [address, setAddress] = useState('');
  const [name, setName] = useState('');
  /** What the check said about the address, waiting for "Add anyway" or "Cancel". */
  const [pending, setPending] = useState<{ body: BlockchainQueryInput; warning: string } | null>(null);
  const save = (body: BlockchainQueryInput, note: string | null) =>
    query.mutate(body, {
      onSuccess: () => {
        // The check could not be made (the explorer did not answer): said, not skipped silently.
        if (note) notifications.show({ color: 'yellow', message: note });
        onDone();
      },
    });
  const busy = check.isPending || query.isPending;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const text = address.trim();
        // A Bitcoin-family wallet is best added by its extended public key: every address it derives.
        const xpub = utxo && EXTENDED_KEY.test(text);
        const body: BlockchainQueryInput = xpub
          ? { coin, address: '', xpub: true, xpub_key: text, custom_wallet_name: name || undefined }
          : { coin, address: text, custom_wallet_name: name || undefined };
        query.reset();
        if (xpub) return save(body, null);
        // /check_smart_contract before the save: a token, a contract or an exchange's wallet is said first.
        check.mutate(
          { coin, address: text },
          {
            onSuccess: (res) =>
              res.data.warning ? setPending({ body, warning: res.data.warning }) : save(body, res.data.note),
          },
        );
      }}
    >
      <Stack gap="sm" data-testid="address-form">
        <Text fz="sm" c="dimmed">
          Only the public address: Lotwise reads its transactions, token transfers and fees from the chain.
          Never enter a private key or seed phrase.
        </Text>
        <Select
          label="Blockchain"
          data={CHAINS}
          value={coin}
          onChange={(v) => setCoin(v ?? initialCoin)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {CHAIN_NOTES[coin] ? (
          <Alert color="blue" variant="light" data-testid="chain-note">
            {CHAIN_NOTES[coin]}
          </Alert>
        ) : null}
        <TextInput
          label={utxo ? 'Address or xpub / ypub / zpub' : 'Wallet address'}
          placeholder={UTXO[coin] ?? (coin === 'sol' ? 'Base58 address' : '0x…')}
          value={address}
          onChange={(e) => {
            setAddress(e.currentTarget.value);
            setPending(null);
          }}
          autoComplete="off"
        />
        <TextInput
          label="Wallet name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={120}
        />
        {query.isError || check.isError ? (
          <Alert color="red" data-testid="address-error">
            {errorText(query.error ?? check.error)}
          </Alert>
        ) : null}
        {pending ? (
          <Alert color="orange" title="Is this your wallet?" data-testid="contract-warning">
            <Stack gap="sm">
              <Text fz="sm">{pending.warning}</Text>
              <Group gap="sm">
                <Button
                  color="orange"
                  loading={query.isPending}
                  onClick={() => {
                    const body = pending.body;
                    setPending(null);
                    save(body, null);
                  }}
                >
                  Add anyway
                </Button>
                <Button variant="default" onClick={() => setPending(null)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Button type="submit" loading={busy} w="fit-content">
            Add wallet
          </Button>
        )}
      </Stack>
    </form>
  );
}
