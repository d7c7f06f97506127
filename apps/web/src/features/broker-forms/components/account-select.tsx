import { Select } from '@mantine/core';
import { useAllImportHistories } from '@/lib/api/imports/list-all-import-histories';

/** The account (the exchange) a 1099-DA came from. */
export function AccountSelect({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const accounts = useAllImportHistories();
  const data = (accounts.data ?? []).map((a) => ({
    value: String(a.id),
    label: a.custom_name ?? a.account_name,
  }));
  return (
    <Select
      label="Account"
      description="The exchange that issued the form"
      placeholder={
        accounts.isPending ? 'Loading accounts…' : data.length === 0 ? 'Import an account first' : 'Choose'
      }
      data={data}
      value={value}
      onChange={onChange}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
