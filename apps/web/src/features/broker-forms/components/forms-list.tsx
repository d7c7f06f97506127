import type { BrokerForm } from '@lotwise/contracts/tax/broker-forms';
import { ActionIcon, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { useDeleteBrokerForm } from '@/lib/api/broker-forms/broker-forms';
import { formatMoney } from '@/lib/format/amount';
import { confirmDeleteForm } from './delete-form-confirm';

const LAYOUTS: Record<string, string> = {
  'taxbit-1099da': 'CSV · TaxBit Form Data',
  'fdx-1099da': 'CSV · FDX fields',
  '1099da-boxes': 'CSV · box numbers',
  typed: 'Typed in',
};

function Remove({ form, readOnly }: { form: BrokerForm; readOnly: boolean }) {
  const remove = useDeleteBrokerForm();
  if (readOnly) return null;
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={`Remove the 1099-DA of ${form.account_name}`}
      loading={remove.isPending}
      onClick={() => confirmDeleteForm(form, () => remove.mutate(form.id))}
    >
      <IconTrash size={16} />
    </ActionIcon>
  );
}

/** The year's forms: account, where they came from, lines, box 1f and box 4 totals. */
export function FormsList({ forms, readOnly }: { forms: BrokerForm[]; readOnly: boolean }) {
  const mobile = useIsMobile();
  if (forms.length === 0)
    return (
      <Card>
        <Text c="dimmed" fz="sm" data-testid="no-broker-forms">
          No Form 1099-DA for this year yet.
        </Text>
      </Card>
    );
  if (mobile)
    return (
      <Stack gap="sm">
        {forms.map((f) => (
          <Card key={f.id} data-testid="broker-form">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Title order={3} fz="md">
                  {f.account_name}
                </Title>
                <Text fz="xs" c="dimmed">
                  {LAYOUTS[f.layout] ?? f.layout}
                  {f.file_name ? ` · ${f.file_name}` : ''}
                </Text>
                <Text fz="sm">
                  {f.lines} lines · proceeds {formatMoney(f.proceeds)} · withheld{' '}
                  {formatMoney(f.federal_tax_withheld)}
                </Text>
              </Stack>
              <Remove form={f} readOnly={readOnly} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Card p={0}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Account</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th ta="right">Lines</Table.Th>
            <Table.Th ta="right">Proceeds (1f)</Table.Th>
            <Table.Th ta="right">Tax withheld (4)</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {forms.map((f) => (
            <Table.Tr key={f.id} data-testid="broker-form">
              <Table.Td>{f.account_name}</Table.Td>
              <Table.Td>
                <Badge variant="light" size="sm">
                  {LAYOUTS[f.layout] ?? f.layout}
                </Badge>{' '}
                <Text span fz="xs" c="dimmed">
                  {f.file_name ?? ''}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{f.lines}</Table.Td>
              <Table.Td ta="right">{formatMoney(f.proceeds)}</Table.Td>
              <Table.Td ta="right">{formatMoney(f.federal_tax_withheld)}</Table.Td>
              <Table.Td ta="right">
                <Remove form={f} readOnly={readOnly} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
