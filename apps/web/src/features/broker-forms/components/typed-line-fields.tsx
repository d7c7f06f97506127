import { Checkbox, Fieldset, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { LineDraft } from './typed-line';

interface Props {
  index: number;
  line: LineDraft;
  onChange: (line: LineDraft) => void;
}

/** The boxes of one 1099-DA line, labelled as the paper form labels them. */
export function TypedLineFields({ index, line, onChange }: Props) {
  const set = <K extends keyof LineDraft>(key: K, value: LineDraft[K]) => onChange({ ...line, [key]: value });
  const input = (key: keyof LineDraft, label: string, placeholder?: string) => (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={String(line[key])}
      onChange={(e) => set(key, e.currentTarget.value as never)}
    />
  );
  const check = (key: keyof LineDraft, label: string) => (
    <Checkbox
      label={label}
      checked={Boolean(line[key])}
      onChange={(e) => set(key, e.currentTarget.checked as never)}
    />
  );
  return (
    <Fieldset legend={`Line ${index + 1}`}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        {input('asset', 'Asset (ticker)', 'BTC')}
        {input('asset_code', '1a Code for digital asset', 'DTIF code')}
        {input('asset_name', '1b Name of digital asset', 'Bitcoin')}
        {input('units', '1c Number of units')}
        {input('date_acquired', '1d Date acquired', 'YYYY-MM-DD or VARIOUS')}
        {input('date_sold', '1e Date sold or disposed', 'YYYY-MM-DD')}
        {input('proceeds', '1f Proceeds', '0.00')}
        {input('cost_basis', '1g Cost or other basis')}
        {input('accrued_market_discount', '1h Accrued market discount')}
        {input('wash_sale_loss_disallowed', '1i Wash sale loss disallowed')}
        <Select
          label="3a Gross or net proceeds"
          data={[
            { value: 'gross', label: 'Gross' },
            { value: 'net', label: 'Net' },
          ]}
          value={line.proceeds_type || null}
          onChange={(v) => set('proceeds_type', v ?? '')}
          clearable
        />
        {input('federal_tax_withheld', '4 Federal income tax withheld')}
        <Select
          label="6 Gain or loss"
          data={[
            { value: 'short', label: 'Short-term' },
            { value: 'long', label: 'Long-term' },
            { value: 'ordinary', label: 'Ordinary' },
          ]}
          value={line.term || null}
          onChange={(v) => set('term', v ?? '')}
          clearable
        />
        <Select
          label="Applicable checkbox on Form 8949"
          data={['G', 'H', 'J', 'K', 'Y']}
          value={line.form_8949_box || null}
          onChange={(v) => set('form_8949_box', v ?? '')}
          clearable
        />
        <Select
          label="11a/11b Aggregate reporting"
          data={[
            { value: 'stablecoin', label: 'Qualifying stablecoins' },
            { value: 'nft', label: 'Specified NFTs' },
          ]}
          value={line.aggregate || null}
          onChange={(v) => set('aggregate', v ?? '')}
          clearable
        />
        {input('aggregate_transactions', '11c Number of transactions')}
      </SimpleGrid>
      <Group gap="md" mt="sm">
        {check('basis_reported', '2 Basis reported to IRS')}
        {check('loss_not_allowed', '5 Loss not allowed')}
        {check('cash_only', '7 Proceeds only cash')}
        {check('customer_provided', '8 Customer-provided acquisition info')}
        {check('noncovered', '9 Noncovered')}
      </Group>
    </Fieldset>
  );
}
