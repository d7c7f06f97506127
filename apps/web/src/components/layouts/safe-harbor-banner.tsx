import { safeHarborStatus } from '@lotwise/contracts/review/review';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { callApi } from '@/lib/api-client';
import { useDismissSafeHarbor } from '@/lib/session/dismiss-safe-harbor';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';

const LONG =
  'From 1 January 2025 the IRS expects US taxpayers to track cost basis wallet by wallet. Lotwise lets you allocate your unused basis under the Safe Harbor rules (Rev. Proc. 2024-28) before your first 2025 sale.';
const SHORT = 'Allocate your unused basis to each wallet before your first 2025 sale.';

/**
 * Safe Harbor 2025 banner, for accounts it applies to (GET /api/review/safe_harbor_status: they
 * held crypto at the end of 2024 and chose no rule yet), on every page but the Safe Harbor page
 * itself (issue 35.14); dismissal persists on the server and in a local flag.
 */
export function SafeHarborBanner({ dismissedOnServer }: { dismissedOnServer: boolean }) {
  const [localFlag] = useState(() => readStorage(STORAGE_KEYS.safeHarborDismissed) === 'true');
  const dismiss = useDismissSafeHarbor();
  const mobile = useIsMobile();
  const onItsPage = useLocation().pathname === paths.safeHarbor.path;
  const hidden = dismissedOnServer || localFlag || dismiss.isSuccess || onItsPage;
  // Only where it applies: holdings at the end of 2024 and no rule chosen yet.
  const status = useQuery({
    queryKey: ['review', 'safe-harbor-status'],
    queryFn: ({ signal }) => callApi(safeHarborStatus, { signal }),
    enabled: !hidden,
    staleTime: 5 * 60_000,
    meta: { inlineError: true },
  });
  if (hidden || status.data?.applies !== true) return null;
  return (
    <Alert
      variant="light"
      color="navy"
      radius="lg"
      mb="lg"
      icon={<IconShieldCheck size={20} />}
      title={mobile ? 'Safe Harbor 2025' : 'Safe Harbor 2025: cost basis is now tracked per wallet'}
      withCloseButton
      closeButtonLabel="Dismiss Safe Harbor banner"
      onClose={() => dismiss.mutate()}
    >
      <Text fz="sm">
        {mobile ? SHORT : LONG}{' '}
        <Anchor component={Link} to={paths.safeHarbor.getHref()} fz="sm" fw={600}>
          Allocate now
        </Anchor>
        {' · '}
        <Anchor href="https://www.irs.gov/pub/irs-drop/rp-24-28.pdf" target="_blank" rel="noreferrer" fz="sm">
          Read the IRS guidance
        </Anchor>
      </Text>
    </Alert>
  );
}
