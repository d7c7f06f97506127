import { Button, Card, Stack, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { errorText } from '@/lib/api-client';
import { useCheckoutReturn } from '../hooks/use-checkout-return';
import { readCheckoutReturn } from '../utils/billing-history';
import { BillingHistoryCards, BillingHistoryTable } from './billing-history-rows';
import { BillingOffNote } from './billing-notes';
import { CheckoutBanner } from './checkout-banner';

/** /settings/billing-history: payments and granted plans; the landing after a payment. */
export function BillingHistoryPanel() {
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const checkout = readCheckoutReturn(params);
  const { history, paid, timedOut } = useCheckoutReturn(checkout);
  const data = history.data;
  const closeBanner = () => {
    const next = new URLSearchParams(params);
    next.delete('checkout');
    setParams(next, { replace: true });
  };

  // Billing off: no history, no plans, no payments — only the note, as /pricing says (issue 35.9).
  if (data && !data.billing_enabled) return <BillingOffNote />;

  let body: React.ReactNode;
  if (history.isPending) body = <LoadingState />;
  else if (!data) body = <ErrorState message={errorText(history.error)} onRetry={() => history.refetch()} />;
  else if (data.data.length === 0)
    body = (
      <EmptyState
        icon={<IconReceipt size={28} />}
        title="No payments yet"
        description="Plans you buy, and plans granted to you, show here with their receipts."
        action={
          <Button
            component={Link}
            to={paths.pricing.getHref({ callUrl: 'settings', taxYear: data.current_tax_year })}
            variant="light"
          >
            See plans
          </Button>
        }
      />
    );
  else if (mobile) body = <BillingHistoryCards rows={data.data} />;
  else body = <BillingHistoryTable rows={data.data} />;

  return (
    <Stack gap="md">
      <CheckoutBanner checkout={checkout} paid={paid} timedOut={timedOut} onClose={closeBanner} />
      <Card p={{ base: 'sm', sm: 'lg' }} data-testid="billing-history">
        <Title order={2} fz="lg" mb="sm">
          Billing history
        </Title>
        {body}
      </Card>
    </Stack>
  );
}
