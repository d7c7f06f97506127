import type { BillingRow } from '@lotwise/contracts/billing/billing';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockHour4 } from '@tabler/icons-react';
import type { CheckoutReturn } from '../utils/billing-history';

export const CHECKOUT_PENDING_TEXT = 'Payment received — your plan will be active in a moment.';
export const CHECKOUT_CANCELLED_TEXT = 'Payment cancelled. Nothing was charged.';
export const activeText = (row: Pick<BillingRow, 'plan_name' | 'tax_year'>) =>
  `Your ${row.plan_name} plan for ${row.tax_year} is active.`;

interface CheckoutBannerProps {
  checkout: CheckoutReturn;
  paid: BillingRow | null;
  timedOut: boolean;
  onClose: () => void;
}

/** Back from the payment page: waiting for the payment, the plan active, or cancelled. */
export function CheckoutBanner({ checkout, paid, timedOut, onClose }: CheckoutBannerProps) {
  if (checkout === null) return null;
  if (checkout === 'cancelled') {
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconCircleX size={18} />}
        withCloseButton
        onClose={onClose}
        data-testid="checkout-banner"
        data-state="cancelled"
      >
        {CHECKOUT_CANCELLED_TEXT}
      </Alert>
    );
  }
  if (paid) {
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck size={18} />}
        withCloseButton
        onClose={onClose}
        data-testid="checkout-banner"
        data-state="active"
      >
        {activeText(paid)}
      </Alert>
    );
  }
  return (
    <Alert
      color="blue"
      variant="light"
      icon={timedOut ? <IconClockHour4 size={18} /> : <Loader size={16} />}
      data-testid="checkout-banner"
      data-state={timedOut ? 'waiting' : 'pending'}
      role="status"
    >
      <Group gap={4}>
        <Text fz="sm">{CHECKOUT_PENDING_TEXT}</Text>
        {timedOut ? (
          <Text fz="sm" c="dimmed">
            This is taking longer than usual; refresh this page in a minute.
          </Text>
        ) : null}
      </Group>
    </Alert>
  );
}
