import { type ReportForm, reportPath } from '@lotwise/contracts/tax/year';
import { Button, Menu } from '@mantine/core';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconDownload,
  IconFileSpreadsheet,
  IconFileTypePdf,
} from '@tabler/icons-react';
import { WHOLE_LABEL_STYLES } from '@/components/ui/whole-label';
import { useUntiedLines } from '@/lib/api/broker-forms/untied-lines';
import { useConfirmedDownload } from '../hooks/use-confirmed-download';

export const REPORTS: ReadonlyArray<{ form: ReportForm; label: string }> = [
  { form: 'form-8949.pdf', label: 'Form 8949 (PDF)' },
  { form: 'schedule-d.pdf', label: 'Schedule D (PDF)' },
  { form: 'income.pdf', label: 'Income report (PDF)' },
  { form: 'tax-report.pdf', label: 'Complete tax report (PDF)' },
  { form: 'capital-gains.csv', label: 'Capital gains (CSV)' },
  { form: 'turbotax.csv', label: 'TurboTax (CSV)' },
  { form: 'taxact.csv', label: 'TaxAct (CSV)' },
  { form: 'form-8283.csv', label: 'Form 8283 data (CSV)' },
  { form: 'income.csv', label: 'Income (CSV)' },
  { form: 'schedule-d.csv', label: 'Schedule D (CSV)' },
];

/**
 * Downloads of one year's reports. Each is fetched first and saved from memory, so a report that
 * needs a tax plan (402) leads to the pricing page; the links stay real for opening in a new tab.
 * An incomplete year (`missingPrices` > 0) says so in the menu and asks before each download.
 */
export function ReportsMenu({
  year,
  compact = false,
  missingPrices = 0,
}: {
  year: number;
  compact?: boolean;
  missingPrices?: number;
}) {
  const untied = useUntiedLines(year);
  const { request, pending, modal } = useConfirmedDownload(missingPrices, untied);
  return (
    <>
      {modal}
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <Button
            variant={compact ? 'subtle' : 'light'}
            color="teal"
            size={compact ? 'xs' : 'sm'}
            leftSection={<IconDownload size={16} />}
            rightSection={<IconChevronDown size={14} />}
            aria-label={`Reports ${year}`}
            loading={pending !== null}
            styles={WHOLE_LABEL_STYLES}
          >
            Reports
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {missingPrices > 0 ? (
            <Menu.Label c="red.8" maw={260} data-testid="reports-incomplete">
              <IconAlertTriangle size={12} style={{ verticalAlign: 'middle' }} /> Incomplete:{' '}
              {missingPrices.toLocaleString('en-US')} missing {missingPrices === 1 ? 'price' : 'prices'}. Each
              file says so; unknown values are not 0.
            </Menu.Label>
          ) : null}
          {untied > 0 ? (
            <Menu.Label c="orange.8" maw={260} data-testid="reports-untied">
              <IconAlertTriangle size={12} style={{ verticalAlign: 'middle' }} /> Not tied out: {untied}{' '}
              1099-DA {untied === 1 ? 'line is' : 'lines are'} not in Lotwise.
            </Menu.Label>
          ) : null}
          {REPORTS.map((r) => (
            <Menu.Item
              key={r.form}
              component="a"
              href={reportPath(year, r.form)}
              download
              onClick={(event: React.MouseEvent<HTMLAnchorElement>) => {
                event.preventDefault();
                request(year, r.form, r.label);
              }}
              leftSection={
                r.form.endsWith('.pdf') ? <IconFileTypePdf size={16} /> : <IconFileSpreadsheet size={16} />
              }
            >
              {r.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
