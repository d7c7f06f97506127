import type { BillingRow } from '@lotwise/contracts/billing/billing';
import { Badge } from '@mantine/core';
import { STATUS_DISPLAY } from '../utils/billing-history';

export function BillingStatusBadge({ status }: { status: BillingRow['status'] }) {
  const { label, color } = STATUS_DISPLAY[status];
  return (
    <Badge variant="light" color={color} size="sm" data-testid="billing-status" data-status={status}>
      {label}
    </Badge>
  );
}
