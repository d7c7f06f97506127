import { Anchor, Card, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useBrokerForms } from '@/lib/api/broker-forms/broker-forms';
import { formatMoney } from '@/lib/format/amount';

/** The year's summary line for Forms 1099-DA: how many, and box 4 (federal tax withheld). */
export function WithheldNote({ year }: { year: number }) {
  const forms = useBrokerForms(year);
  if (year < 2025 || !forms.data) return null;
  const n = forms.data.forms.length;
  return (
    <Card withBorder radius="md" p="md">
      <Group justify="space-between" gap="xs">
        <Text fz="sm">
          {n === 0 ? 'No Form 1099-DA yet' : `${n} Form${n === 1 ? '' : 's'} 1099-DA`} ·{' '}
          <Anchor component={Link} to={paths.brokerForms.getHref(year)}>
            Broker forms
          </Anchor>
        </Text>
        <Text fz="sm">
          Federal income tax withheld (1099-DA box 4):{' '}
          <Text span fw={700} data-testid="year-withheld">
            {formatMoney(forms.data.federal_tax_withheld)}
          </Text>
        </Text>
      </Group>
    </Card>
  );
}
