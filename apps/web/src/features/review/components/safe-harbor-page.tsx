import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { WHOLE_LABEL_STYLES, WRAPPING_BUTTON_STYLES } from '@/components/ui/whole-label';
import { useAllocationComparison, useChooseAllocation } from '@/lib/api/review/review';
import { errorText } from '@/lib/api-client';
import { fetchReport, saveBlob } from '@/lib/download-report';
import { formatCrypto, formatMoney } from '@/lib/format/amount';

/** The record is fetched first: a refusal is said in words, never opened as raw JSON. */
async function downloadRecord(): Promise<void> {
  const result = await fetchReport('/api/review/allocation.csv', 'lotwise-safe-harbor-allocation-2025.csv');
  if (result.kind === 'file') saveBlob(result.blob, result.filename);
  else
    notifications.show({
      color: 'red',
      title: 'Download failed',
      message: result.kind === 'error' ? result.message : 'This record needs a plan.',
    });
}

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * Safe Harbor 2025 (Rev. Proc. 2024-28, ours: /safe-harbor): how the unused basis of 31
 * December 2024 goes to the wallets under each rule, what that does to 2025's gains, the
 * rule chosen with its date, and the record to keep.
 */
export function SafeHarborPage() {
  const comparison = useAllocationComparison();
  const [downloading, setDownloading] = useState(false);
  const choose = useChooseAllocation();
  if (comparison.isPending) return <LoadingState label="Allocating your 2024 lots both ways…" />;
  if (comparison.isError)
    return <ErrorState message={errorText(comparison.error)} onRetry={() => comparison.refetch()} />;
  const { rules, current, chosen_at, currency } = comparison.data;
  const held = rules.some((r) => r.wallets.length > 0);
  return (
    <>
      <PageHeader
        title="Safe Harbor 2025"
        description="From 1 January 2025 cost basis is tracked wallet by wallet. Choose how your remaining lots go to your wallets."
      />
      <Stack gap="lg">
        <Text fz="sm">
          {chosen_at
            ? `You chose “${rules.find((r) => r.rule === current)?.label}” on ${DATE.format(Date.parse(chosen_at))}.`
            : 'You have not chosen a rule yet; Lotwise uses the first one until you do.'}{' '}
          <Anchor
            href="https://www.irs.gov/pub/irs-drop/rp-24-28.pdf"
            target="_blank"
            rel="noreferrer"
            fz="sm"
          >
            Rev. Proc. 2024-28
          </Anchor>
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {rules.map((r) => (
            <Card key={r.rule} withBorder radius="md" p="md" data-testid={`rule-${r.rule}`}>
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Title order={2} fz="md">
                    {r.label}
                  </Title>
                  {r.rule === current ? (
                    <Badge variant="light" styles={WHOLE_LABEL_STYLES} data-testid="rule-in-use">
                      {chosen_at ? 'Chosen' : 'In use'}
                    </Badge>
                  ) : null}
                </Group>
                <SimpleGrid cols={3} spacing="xs">
                  <div>
                    <Text fz="xs" c="dimmed">
                      2025 short-term
                    </Text>
                    <Text fw={600}>{formatMoney(r.short_term_gain, currency)}</Text>
                  </div>
                  <div>
                    <Text fz="xs" c="dimmed">
                      2025 long-term
                    </Text>
                    <Text fw={600}>{formatMoney(r.long_term_gain, currency)}</Text>
                  </div>
                  <div>
                    <Text fz="xs" c="dimmed">
                      Net
                    </Text>
                    <Text fw={700} data-testid="rule-net">
                      {formatMoney(r.net_gain, currency)}
                    </Text>
                  </div>
                </SimpleGrid>
                {r.wallets.length === 0 ? (
                  <Text fz="sm" c="dimmed">
                    Nothing was held on 31 December 2024: there is nothing to allocate.
                  </Text>
                ) : (
                  <Table fz="sm" verticalSpacing={4}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Wallet</Table.Th>
                        <Table.Th ta="right">Units</Table.Th>
                        <Table.Th ta="right">Cost basis</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {r.wallets.map((w) => (
                        <Table.Tr key={`${w.wallet}-${w.asset}`}>
                          <Table.Td>{w.wallet}</Table.Td>
                          <Table.Td ta="right">
                            {formatCrypto(w.amount)} {w.asset}
                          </Table.Td>
                          {w.basis_unknown ? (
                            <Table.Td
                              ta="right"
                              c="red.8"
                              title="A lot of it was bought without a price"
                              data-testid="basis-unknown"
                            >
                              Unknown
                            </Table.Td>
                          ) : (
                            <Table.Td ta="right">{formatMoney(w.cost_basis, currency)}</Table.Td>
                          )}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
                {r.wallets.some((w) => w.basis_unknown) ? (
                  <Text fz="xs" c="red.8" data-testid="basis-unknown-note">
                    Unknown: bought without a price. Add the missing prices, then look again.
                  </Text>
                ) : null}
                {r.shortfalls > 0 ? (
                  <Text fz="xs" c="orange.8">
                    {r.shortfalls} wallet balances no lot covered (zero basis).
                  </Text>
                ) : null}
                <Button
                  variant={r.rule === current && chosen_at ? 'default' : 'filled'}
                  loading={choose.isPending}
                  onClick={() =>
                    choose.mutate(r.rule, {
                      onSuccess: (a) => notifications.show({ color: 'teal', message: a.message }),
                    })
                  }
                >
                  {r.rule === current && chosen_at ? 'Chosen' : 'Choose this rule'}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
        {held ? (
          <Group>
            <Button
              component="a"
              href="/api/review/allocation.csv"
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={(event: React.MouseEvent<HTMLAnchorElement>) => {
                event.preventDefault();
                setDownloading(true);
                void downloadRecord().finally(() => setDownloading(false));
              }}
              loading={downloading}
              styles={WRAPPING_BUTTON_STYLES}
              data-testid="allocation-record-download"
            >
              Download the allocation record (CSV)
            </Button>
            <Text fz="xs" c="dimmed">
              The rule in use, at 1 January 2025, from your transactions as they are now. Recalculate your
              taxes after choosing so your 2025 reports use it.
            </Text>
          </Group>
        ) : null}
      </Stack>
    </>
  );
}
