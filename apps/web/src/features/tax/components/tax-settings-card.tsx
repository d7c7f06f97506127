import { Button, Card, Group, Select, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { errorText } from '@/lib/api-client';
import { useUser } from '@/lib/session/session';
import { useSaveTaxSettings, useTaxSettings } from '../api/tax-settings';

type Basis = 'universal' | 'per-wallet' | 'us-2025';
type Rule = 'stay-oldest-first' | 'lowest-cost-largest-holding';

const BASIS: Array<{ value: Basis; label: string }> = [
  { value: 'us-2025', label: 'US rule (per wallet from 2025)' },
  { value: 'universal', label: 'Universal (all wallets together)' },
  { value: 'per-wallet', label: 'Per wallet' },
];
const RULES: Array<{ value: Rule; label: string }> = [
  { value: 'stay-oldest-first', label: 'Lots stay put, oldest first' },
  { value: 'lowest-cost-largest-holding', label: 'Lowest cost to largest holding' },
];

/** Lot method (one or per year), application, 2025 allocation rule; time zone and currency. */
export function TaxSettingsCard() {
  const user = useUser();
  const settings = useTaxSettings();
  const save = useSaveTaxSettings();
  const [method, setMethod] = useState('fifo');
  const [basis, setBasis] = useState<Basis>('us-2025');
  const [rule, setRule] = useState<Rule>('stay-oldest-first');
  useEffect(() => {
    if (!settings.data) return;
    setMethod(settings.data.method);
    setBasis(settings.data.basis);
    setRule(settings.data.allocation_rule);
  }, [settings.data]);

  const changed =
    settings.data &&
    (method !== settings.data.method ||
      basis !== settings.data.basis ||
      rule !== settings.data.allocation_rule);
  const onSave = () =>
    save.mutate(
      { method, basis, allocation_rule: rule },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: 'Saved. Recalculate to apply.' }),
        onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
      },
    );

  return (
    <Card withBorder radius="md" p="md">
      <Text fw={600} mb="xs">
        Calculation settings
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Lot method"
          description="fifo, lifo, hifo, lofo or per year (2023:fifo,2024:hifo)"
          value={method}
          onChange={(e) => setMethod(e.currentTarget.value)}
          w={{ base: '100%', sm: 220 }}
        />
        <Select
          label="Application"
          data={BASIS}
          value={basis}
          onChange={(v) => v && setBasis(v as Basis)}
          allowDeselect={false}
          w={{ base: '100%', sm: 280 }}
        />
        {basis === 'us-2025' ? (
          <Select
            label="1 January 2025 allocation"
            data={RULES}
            value={rule}
            onChange={(v) => v && setRule(v as Rule)}
            allowDeselect={false}
            w={{ base: '100%', sm: 260 }}
          />
        ) : null}
        <Button color="teal" onClick={onSave} disabled={!changed} loading={save.isPending}>
          Save
        </Button>
      </Group>
      <Text fz="xs" c="dimmed" mt="xs">
        Time zone {user.timezone} · reporting currency {user.currency}
      </Text>
    </Card>
  );
}
