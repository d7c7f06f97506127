import type { TransactionRow } from '@lotwise/contracts/transactions/transaction-row';
import { Fieldset, SimpleGrid, TextInput } from '@mantine/core';
import { changePriced, type PricedField } from '../../utils/edit-change';
import { type EditFormValues, type EditorKind, sideRules } from '../../utils/edit-form';
import { unitPrice } from '../../utils/edit-recalc';

interface SideProps {
  side: 'from' | 'to';
  row: TransactionRow;
  editor: EditorKind;
  values: EditFormValues;
  errors: Partial<Record<string, string>>;
  onChange: (next: EditFormValues) => void;
}

/** The Out (sent) or In (received) section: currency, amount and, in the revamped editor, prices. */
export function SideFields({ side, row, editor, values, errors, onChange }: SideProps) {
  const rules = sideRules(values, row, side);
  const currencyKey = side === 'from' ? 'from_currency' : 'to_currency';
  const amountKey = side === 'from' ? 'from_amount' : 'to_amount';
  const priceKey = side === 'from' ? 'from_per_token_price' : 'to_per_token_price';
  const label = side === 'from' ? 'Out' : 'In';
  const set = (field: PricedField) => (e: React.ChangeEvent<HTMLInputElement>) =>
    onChange(changePriced(values, row, editor, side, field, e.currentTarget.value));
  const reporting = row.main_currency;
  // A trade's to-side price is not entered: it follows from the total value.
  const price =
    rules.priceDisabled && side === 'to' && values.type === 'trade'
      ? unitPrice(values.total_value, values.to_amount)
      : values[priceKey];
  return (
    <Fieldset legend={label} data-testid={`edit-section-${label.toLowerCase()}`} p="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <TextInput
          label={`${label} currency`}
          placeholder="e.g. BTC, ETH"
          value={values[currencyKey]}
          disabled={rules.currencyDisabled}
          error={errors[currencyKey]}
          onChange={(e) => onChange({ ...values, [currencyKey]: e.currentTarget.value.toUpperCase() })}
        />
        <TextInput
          label={`${label} amount`}
          inputMode="decimal"
          value={values[amountKey]}
          error={errors[amountKey]}
          onChange={set('amount')}
        />
        {editor === 'revamp' ? (
          <TextInput
            label={`${label} per-token price (${reporting})`}
            inputMode="decimal"
            value={price}
            disabled={rules.priceDisabled}
            error={errors[priceKey]}
            onChange={set('price')}
          />
        ) : null}
        {editor === 'revamp' && rules.valued ? (
          <TextInput
            label={`Total value (${reporting})`}
            inputMode="decimal"
            value={values.total_value}
            disabled={rules.totalDisabled}
            error={errors.total_value}
            onChange={set('total')}
          />
        ) : null}
      </SimpleGrid>
    </Fieldset>
  );
}
