import { stopImpersonating as stopImpersonatingCall } from '@lotwise/contracts/taxpro/taxpro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { paths } from '@/config/paths';
import { callApi } from '@/lib/api-client';
import { forgetViewing } from '@/lib/session/access-ended';
import { readStorage, removeStorage, STORAGE_KEYS } from '@/lib/storage';
import { holdQueriesForSessionSwitch } from './hold-queries';

/** 'Exit and Return': back to the stored redirect or the tax-pro dashboard. */
export function useStopImpersonating() {
  const client = useQueryClient();
  const resume = useRef<() => void>(() => {});
  return useMutation({
    mutationFn: async () => {
      resume.current = await holdQueriesForSessionSwitch(client);
      return callApi(stopImpersonatingCall);
    },
    onSuccess: () => {
      const target = readStorage(STORAGE_KEYS.maskRedirect) ?? paths.taxPro.dashboard.path;
      removeStorage(STORAGE_KEYS.maskRedirect);
      forgetViewing();
      // The page load drops every cached answer and asks for the accountant's own session.
      window.location.assign(target);
    },
    onError: () => resume.current(),
  });
}
