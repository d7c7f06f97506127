import type { CurrencyResult } from '@lotwise/contracts/prices/prices';
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useState } from 'react';
import { useCurrencySearch } from '@/lib/api/prices/search-currencies';
import { formatMoney } from '@/lib/format/amount';

/** A custom code is offered from 3 characters when nothing matches by code or name (spec 01 §5). */
export function customOption(text: string, results: readonly CurrencyResult[]): string | null {
  const typed = text.trim();
  if (typed.length < 3) return null;
  const lower = typed.toLowerCase();
  const matched = results.some((r) => r.code.toLowerCase() === lower || r.name.toLowerCase() === lower);
  return matched ? null : typed.toUpperCase();
}

/**
 * Picks a coin or currency by code or name: the search runs 300 ms after typing stops; each
 * result shows its name, rank and latest known price. Picking calls `onPick` with the code.
 */
export function CurrencyPicker({
  label,
  currency,
  onPick,
}: {
  label: string;
  /** The user's currency, for the prices shown. */
  currency: string;
  onPick: (code: string, result: CurrencyResult | null) => void;
}) {
  const combobox = useCombobox();
  const [text, setText] = useState('');
  const search = useCurrencySearch(text);
  const results = search.data?.data ?? [];
  const custom = customOption(text, results);
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const result = results.find((r) => r.currency_id === value) ?? null;
        const code = result?.code ?? value;
        setText(code);
        onPick(code, result);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder="e.g. BTC, ETH"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={search.isFetching ? <Loader size={14} /> : null}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={text.trim() === ''} mah={351} style={{ overflowY: 'auto' }}>
        <Combobox.Options>
          {results.map((r) => (
            <Combobox.Option value={r.currency_id} key={r.currency_id}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div>
                  <Text fz="sm" fw={600}>
                    {r.code}{' '}
                    <Text span c="dimmed" fz="xs">
                      {r.name}
                    </Text>
                  </Text>
                  {r.rank !== null ? (
                    <Text fz="xs" c="dimmed">
                      Rank #{r.rank}
                    </Text>
                  ) : null}
                </div>
                {r.price !== null ? <Text fz="xs">{formatMoney(r.price, currency)}</Text> : null}
              </Group>
            </Combobox.Option>
          ))}
          {custom ? (
            <Combobox.Option value={custom} key={`custom-${custom}`}>
              <Text fz="sm">
                Use <b>{custom}</b> as a custom symbol
              </Text>
            </Combobox.Option>
          ) : null}
          {results.length === 0 && !custom && !search.isFetching ? (
            <Combobox.Empty>Nothing found</Combobox.Empty>
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
