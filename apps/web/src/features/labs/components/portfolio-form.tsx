import type { CreateResearchBody } from '@lotwise/contracts/labs/labs';
import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

interface Row {
  asset: string;
  quantity: string;
}

/** A small watch portfolio: a name and up to 10 assets with quantities. */
export function PortfolioForm({
  busy,
  onSubmit,
}: {
  busy: boolean;
  onSubmit: (body: Extract<CreateResearchBody, { kind: 'portfolio' }>) => void;
}) {
  const [name, setName] = useState('');
  const [rows, setRows] = useState<Row[]>([{ asset: '', quantity: '' }]);
  const set = (i: number, patch: Partial<Row>) =>
    setRows((r) => r.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const filled = rows.filter((r) => r.asset.trim() && r.quantity.trim());
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({
          kind: 'portfolio',
          name: name.trim(),
          positions: filled.map((r) => ({
            asset: r.asset.trim().toUpperCase(),
            quantity: r.quantity.trim(),
          })),
        });
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Portfolio name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          maxLength={60}
        />
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={i === 0 ? 'Asset' : undefined}
              aria-label={`Asset ${i + 1}`}
              placeholder="BTC"
              value={row.asset}
              onChange={(e) => set(i, { asset: e.currentTarget.value })}
              maxLength={20}
            />
            <TextInput
              style={{ flex: 1 }}
              label={i === 0 ? 'Quantity' : undefined}
              aria-label={`Quantity ${i + 1}`}
              placeholder="0.5"
              inputMode="decimal"
              value={row.quantity}
              onChange={(e) => set(i, { quantity: e.currentTarget.value })}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={`Remove asset ${i + 1}`}
              disabled={rows.length === 1}
              onClick={() => setRows((r) => r.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group justify="space-between">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={rows.length >= 10}
            onClick={() => setRows((r) => [...r, { asset: '', quantity: '' }])}
          >
            Another asset
          </Button>
          <Button type="submit" loading={busy} disabled={!name.trim() || filled.length === 0}>
            Save portfolio
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
