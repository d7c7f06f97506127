import { TOO_MANY_TRANSACTIONS } from '@lotwise/contracts/billing/billing';
import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';

export const BILLING_OFF_TEXT = 'Billing is off on this instance: every feature is included.';

/** Billing off (no BILLING=stripe): the catalogue is for reading only. */
export function BillingOffNote() {
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid="billing-off-note">
      {BILLING_OFF_TEXT}
    </Alert>
  );
}

/** A checkout that could not start: the server's message. */
export function CheckoutError({ message }: { message: string }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      role="alert"
      data-testid="checkout-error"
    >
      {message}
    </Alert>
  );
}

/** No plan of the catalogue holds the user's transactions. */
export function TooManyNote() {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      data-testid="too-many-transactions"
    >
      {TOO_MANY_TRANSACTIONS}
    </Alert>
  );
}
