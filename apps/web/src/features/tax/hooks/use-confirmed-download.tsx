import type { ReportForm } from '@lotwise/contracts/tax/year';
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useReportDownload } from './use-report-download';

/**
 * A report download that, for an incomplete year (transactions without a price), first says
 * so and asks: the file itself says INCOMPLETE too, but nobody should find out only then.
 */
export function useConfirmedDownload(missingPrices: number, untied = 0) {
  const { download, pending } = useReportDownload();
  const [asked, setAsked] = useState<{ year: number; form: ReportForm; label: string } | null>(null);
  const request = (year: number, form: ReportForm, label: string) => {
    if (missingPrices > 0 || untied > 0) setAsked({ year, form, label });
    else void download(year, form);
  };
  const n = missingPrices;
  const modal = (
    <Modal
      opened={asked !== null}
      onClose={() => setAsked(null)}
      title={
        <Group gap="xs" wrap="nowrap">
          <IconAlertTriangle size={18} color="var(--mantine-color-red-7)" />
          <Text fw={700}>
            {asked
              ? missingPrices > 0
                ? `${asked.year} is incomplete`
                : `${asked.year} is not tied out`
              : ''}
          </Text>
        </Group>
      }
      centered
    >
      <Stack gap="sm" data-testid="incomplete-download-dialog">
        {untied > 0 ? (
          <Text fz="sm" data-testid="untied-download-note">
            {untied.toLocaleString('en-US')} line{untied === 1 ? '' : 's'} of your Form 1099-DA{' '}
            {untied === 1 ? 'is' : 'are'} not in Lotwise, so this Form 8949 does not tie out to the broker’s
            form.{' '}
            <Anchor component={Link} to={paths.brokerForms.getHref(asked?.year ?? 2025)} fz="sm">
              See the tie-out
            </Anchor>
            .
          </Text>
        ) : null}
        {missingPrices === 0 ? null : (
          <Text fz="sm">
            {n.toLocaleString('en-US')} transaction{n === 1 ? '' : 's'} of {asked?.year}{' '}
            {n === 1 ? 'has' : 'have'} no price. The {asked?.label ?? 'report'} will say INCOMPLETE at the
            top, its unknown values are "unknown" (blank in a CSV), and totals that rest on them are unknown
            too. Do not file it as it is.
          </Text>
        )}
        {missingPrices === 0 ? null : (
          <Text fz="sm">
            <Anchor component={Link} to={paths.transactions.getHref({ txnType: 'need_review' })} fz="sm">
              Add the missing prices
            </Anchor>{' '}
            (or load a price file), recalculate, then download again.
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => setAsked(null)}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              if (asked) void download(asked.year, asked.form);
              setAsked(null);
            }}
          >
            Download anyway
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { request, pending, modal };
}
