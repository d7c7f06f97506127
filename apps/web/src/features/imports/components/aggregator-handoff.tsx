import { processAggregator } from '@lotwise/contracts/users/aggregator';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { importsKeys } from '@/lib/api/imports/keys';
import { callApi, errorText } from '@/lib/api-client';

/**
 * A partner's hand-over (spec 01 §7): any page opened with `?aggcode=…` posts
 * `/users/process_aggregator` once, says what was added (or why nothing was) and takes the code
 * out of the address, so a reload does not send it again.
 */
export function AggregatorHandoff() {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const sent = useRef<string | null>(null);
  const redeem = useMutation({
    mutationFn: (aggcode: string) => callApi(processAggregator, { body: { aggregator_params: { aggcode } } }),
    meta: { inlineError: true },
  });
  const aggcode = params.get('aggcode');
  const { mutate } = redeem;

  useEffect(() => {
    if (!aggcode || sent.current === aggcode) return;
    sent.current = aggcode;
    mutate(aggcode, {
      onSuccess: (res) => {
        notifications.show({ color: 'teal', message: res.message, autoClose: 10_000 });
        for (const s of res.data.skipped) {
          notifications.show({ color: 'yellow', message: `${s.name}: ${s.reason}`, autoClose: false });
        }
        void client.invalidateQueries({ queryKey: importsKeys.all });
      },
      onError: (error) => notifications.show({ color: 'red', message: errorText(error), autoClose: false }),
    });
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.delete('aggcode');
        return next;
      },
      { replace: true },
    );
  }, [aggcode, mutate, setParams, client]);
  return null;
}
