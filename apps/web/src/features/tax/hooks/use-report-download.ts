import { type ReportForm, reportPath } from '@lotwise/contracts/tax/year';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { fetchReport, reportFileName, saveBlob } from '@/lib/download-report';

/**
 * Downloads a report: fetched first, so that a report needing a tax plan (HTTP 402,
 * payment_required; spec 01 §8) leads to the pricing page instead of saving an error.
 */
export function useReportDownload() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [pending, setPending] = useState<ReportForm | null>(null);

  const download = useCallback(
    async (year: number, form: ReportForm) => {
      setPending(form);
      try {
        const result = await fetchReport(reportPath(year, form), reportFileName(year, form));
        if (result.kind === 'file') saveBlob(result.blob, result.filename);
        else if (result.kind === 'payment_required')
          navigate(
            paths.pricing.getHref({ callUrl: `${pathname}${search}`, taxYear: result.taxYear ?? year }),
          );
        else notifications.show({ color: 'red', title: 'Download failed', message: result.message });
      } finally {
        setPending(null);
      }
    },
    [navigate, pathname, search],
  );

  return { download, pending };
}
