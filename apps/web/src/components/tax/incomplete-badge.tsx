import { Badge, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { WHOLE_LABEL_STYLES } from '@/components/ui/whole-label';
import { paths } from '@/config/paths';

/**
 * A total that still rests on transactions without a fair market value: said so, with the
 * count and a way to fix it (the Missing Price list), never shown as a confident figure.
 */
export function IncompleteBadge({ missing, compact = false }: { missing: number; compact?: boolean }) {
  if (missing <= 0) return null;
  const text = `${missing.toLocaleString('en-US')} missing ${missing === 1 ? 'price' : 'prices'}`;
  return (
    <Tooltip
      label="These totals count transactions without a price as 0. Add the prices to complete them."
      multiline
      w={260}
    >
      <Badge
        component={Link}
        to={paths.transactions.getHref({ txnType: 'need_review' })}
        color="red"
        variant="light"
        leftSection={<IconAlertTriangle size={12} />}
        style={{ cursor: 'pointer' }}
        styles={WHOLE_LABEL_STYLES}
        data-testid="incomplete-badge"
      >
        {compact ? `Incomplete · ${missing}` : `Incomplete · ${text}`}
      </Badge>
    </Tooltip>
  );
}
