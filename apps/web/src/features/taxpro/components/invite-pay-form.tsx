import { INVITE_PLAN_IDS } from '@lotwise/contracts/taxpro/taxpro';
import { Alert, Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { useInvitePay } from '@/lib/api/taxpro/taxpro';
import { errorText } from '@/lib/api-client';

const YEARS = Array.from({ length: 8 }, (_, i) => String(new Date().getUTCFullYear() - i));

/** POST /tax_pro/invite_client_to_pay: a plan and a tax year; the client gets an e-mail. */
export function InvitePayForm({
  clientId,
  plan,
  year,
}: {
  clientId: number;
  plan?: string | null;
  year?: string | null;
}) {
  const [taxYear, setTaxYear] = useState<string | null>(year ?? String(new Date().getUTCFullYear() - 1));
  const [planId, setPlanId] = useState<string | null>(plan ?? 'pro');
  const send = useInvitePay();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (taxYear && planId)
          send.mutate({ client_id: clientId, tax_year: Number(taxYear), plan_id: planId });
      }}
    >
      <Group align="flex-end" gap="xs">
        <Select
          label="Tax year"
          data={YEARS}
          value={taxYear}
          onChange={setTaxYear}
          w={110}
          allowDeselect={false}
        />
        <Select
          label="Plan"
          data={[...INVITE_PLAN_IDS]}
          value={planId}
          onChange={setPlanId}
          w={140}
          allowDeselect={false}
        />
        <Button type="submit" loading={send.isPending}>
          Invite to pay
        </Button>
      </Group>
      {send.isSuccess ? (
        <Alert color="teal" mt="sm" data-testid="invite-pay-sent">
          Invitation to pay sent. It is recorded on the client&apos;s row until billing is switched on.
        </Alert>
      ) : null}
      {send.error ? (
        <Alert color="red" mt="sm" role="alert">
          {errorText(send.error)}
        </Alert>
      ) : null}
    </form>
  );
}
