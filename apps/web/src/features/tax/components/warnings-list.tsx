import type { YearDetail } from '@lotwise/contracts/tax/year';
import { Alert, Anchor, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Where each kind of warning is fixed: the filtered list, or the review step that asks about it. */
function groupHref(code: string): string {
  if (code === 'missing_price') return paths.transactions.getHref({ txnType: 'need_review' });
  if (code === 'sell_without_buy') return paths.transactions.getHref({ txnType: 'sell_without_buy' });
  if (code === 'missing_basis') return paths.review.getHref({ wizard: 'MissingSendWizard' });
  if (code === 'unmatched_transfer') return paths.review.getHref({ wizard: 'SelfTransferWizard' });
  if (code === 'price_unavailable') return paths.settings.prices.getHref();
  return paths.transactions.getHref({ txnType: 'all' });
}

/**
 * What a group's line says. A missing price warns once per transaction (its value and its fee
 * in one warning): the line names the transactions, the INCOMPLETE badge's one count (issue 35).
 * Should the warnings ever be more than their transactions, it says both, so "10" beside
 * "6 missing prices" is not a puzzle.
 */
export function groupText(g: YearDetail['warning_groups'][number]): string {
  if (g.transactions === null) return g.label;
  const tx = `${g.transactions.toLocaleString('en-US')} ${g.transactions === 1 ? 'transaction' : 'transactions'}`;
  if (g.count === g.transactions) return `${g.label}: ${tx}`;
  return `${g.label}: ${g.count === 1 ? '1 value' : `${g.count.toLocaleString('en-US')} values`} in ${tx}`;
}

/**
 * The year's warnings: the true count (the PDF's), grouped by kind with a count and a link to
 * where it is fixed, and on demand the warnings themselves, each linking to its transaction.
 * Folded by default so the sales below stay within reach on a phone.
 */
export function WarningsList({
  year,
}: {
  year: Pick<YearDetail, 'warnings' | 'warnings_total' | 'warning_groups'>;
}) {
  const [open, { toggle }] = useDisclosure(false);
  if (year.warnings_total === 0) return null;
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title={`${year.warnings_total.toLocaleString('en-US')} ${year.warnings_total === 1 ? 'warning' : 'warnings'}`}
      data-testid="year-warnings"
    >
      <Stack gap="xs">
        <Stack gap={4}>
          {year.warning_groups.map((g) => (
            <Group key={g.code} gap="xs" wrap="nowrap" data-testid="warning-group">
              <Badge size="sm" variant="light" color="orange" miw={44}>
                {g.count.toLocaleString('en-US')}
              </Badge>
              <Anchor component={Link} to={groupHref(g.code)} fz="sm">
                {groupText(g)}
              </Anchor>
            </Group>
          ))}
        </Stack>
        <Button variant="subtle" size="compact-sm" color="orange" onClick={toggle} w="fit-content">
          {open ? 'Hide the warnings' : 'Show the warnings'}
        </Button>
        {open ? (
          <List size="sm" spacing={4}>
            {year.warnings.slice(0, 20).map((w) => (
              <List.Item key={`${w.code}-${w.transaction_id ?? 'none'}-${w.message}`}>
                <Text fz="sm" span>
                  {w.message}{' '}
                </Text>
                <Anchor
                  component={Link}
                  fz="sm"
                  to={
                    w.transaction_id === null
                      ? groupHref(w.code)
                      : paths.transactions.getHref({ txnType: 'all', id: w.transaction_id })
                  }
                  data-testid="warning-link"
                >
                  {w.transaction_id === null ? 'Review' : `Transaction #${w.transaction_id}`}
                </Anchor>
              </List.Item>
            ))}
            {year.warnings_total > 20 ? (
              <List.Item>
                <Text fz="sm" c="dimmed">
                  …and {(year.warnings_total - 20).toLocaleString('en-US')} more: follow the groups above.
                </Text>
              </List.Item>
            ) : null}
          </List>
        ) : null}
      </Stack>
    </Alert>
  );
}
