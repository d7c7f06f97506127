import type { TransactionRow } from '@lotwise/contracts/transactions/transaction-row';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { errorText } from '@/lib/api-client';
import { useUpdateTransaction } from '../../api/edit/update-transaction';
import {
  changeType,
  type EditorKind,
  formIssues,
  initialValues,
  sectionsOf,
  showsEquivalent,
  toPayload,
} from '../../utils/edit-form';
import { unitPrice } from '../../utils/edit-recalc';
import { DateTimeFields } from './date-time-fields';
import { SideFields } from './side-fields';

const TYPE_OPTIONS = [
  { value: 'buy', label: 'Buy' },
  { value: 'sell', label: 'Sell' },
  { value: 'transfer', label: 'Transfer' },
];
const TYPE_NAMES: Record<string, string> = { buy: 'Buy', sell: 'Sell', trade: 'Trade', transfer: 'Transfer' };

interface Props {
  row: TransactionRow;
  editor: EditorKind;
  onClose: () => void;
}

/** The Update Transaction form (spec 02 §4 Edit dialog, §5 rules, §8 failure alert). */
export function TransactionEditor({ row, editor, onClose }: Props) {
  const [values, setValues] = useState(() => initialValues(row, editor));
  const [tried, setTried] = useState(false);
  const save = useUpdateTransaction(editor);
  const issues = tried ? formIssues(values, row) : [];
  const errors: Partial<Record<string, string>> = {};
  for (const i of issues) errors[i.field] ??= i.message;
  const sections = sectionsOf(values, row);
  const initialTime = initialValues(row, editor).time;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (formIssues(values, row).length > 0) return;
    save.mutate(toPayload(values, row, editor), { onSuccess: onClose });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="edit-transaction-form" data-editor={editor}>
      <Stack gap="sm">
        {save.error ? (
          <Alert color="red" data-testid="edit-error">
            {errorText(save.error)}
          </Alert>
        ) : null}
        {editor === 'legacy' ? (
          <Select
            label="Type"
            data={TYPE_OPTIONS}
            value={values.type}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            onChange={(t) => t && setValues(changeType(values, row, t))}
          />
        ) : (
          <TextInput label="Type" value={TYPE_NAMES[values.type] ?? values.type} readOnly variant="filled" />
        )}
        <DateTimeFields
          date={values.date}
          time={values.time}
          initialTime={initialTime}
          error={errors.date}
          onChange={(date, time) => setValues({ ...values, date, time })}
        />
        <TextInput label="Exchange or wallet" value={row.exchange_name} readOnly variant="filled" />
        {sections.out ? (
          <SideFields
            side="from"
            row={row}
            editor={editor}
            values={values}
            errors={errors}
            onChange={setValues}
          />
        ) : null}
        {sections.in ? (
          <SideFields
            side="to"
            row={row}
            editor={editor}
            values={values}
            errors={errors}
            onChange={setValues}
          />
        ) : null}
        {editor === 'revamp' && showsEquivalent(values) ? (
          <TextInput
            label={`${row.main_currency} equivalent per ${values.to_currency || 'token'}`}
            value={unitPrice(values.total_value, values.to_amount)}
            readOnly
            variant="filled"
          />
        ) : null}
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
          <TextInput
            label="Fee amount"
            inputMode="decimal"
            value={values.fee}
            error={errors.fee}
            onChange={(e) => setValues({ ...values, fee: e.currentTarget.value })}
          />
          <TextInput
            label="Fee currency"
            value={values.fee_currency}
            error={errors.fee_currency}
            onChange={(e) => setValues({ ...values, fee_currency: e.currentTarget.value.toUpperCase() })}
          />
          {editor === 'revamp' ? (
            <TextInput
              label="Fee per-token price"
              value={values.fee_per_token_price}
              readOnly
              variant="filled"
            />
          ) : null}
        </SimpleGrid>
        <Radio.Group
          label="Is this transaction US based?"
          value={values.us_based === null ? '' : values.us_based ? 'yes' : 'no'}
          error={errors.us_based}
          onChange={(v) => setValues({ ...values, us_based: v === 'yes' })}
        >
          <Group gap="md" mt={4}>
            <Radio value="yes" label="Yes" />
            <Radio value="no" label="No" />
          </Group>
        </Radio.Group>
        <Checkbox
          label="Ignore this transaction"
          checked={values.ignore}
          onChange={(e) => setValues({ ...values, ignore: e.currentTarget.checked })}
        />
        <Textarea
          label="Comment"
          autosize
          minRows={2}
          value={values.comment}
          error={errors.comment}
          onChange={(e) => setValues({ ...values, comment: e.currentTarget.value })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={
            <Text span fz="xs" c={values.comment.length > 1000 ? 'red' : 'dimmed'}>
              {values.comment.length}/1000
            </Text>
          }
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
