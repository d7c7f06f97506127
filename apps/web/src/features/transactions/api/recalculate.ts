import { recalculateTax } from '@lotwise/contracts/tax/calculation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { callApi } from '@/lib/api-client';

/** The "New imports detected" link: start a recalculation, then home (spec 02 §2, §7). */
export function useRecalculateFromList() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => callApi(recalculateTax),
    onSuccess: async () => {
      await client.invalidateQueries();
      await navigate(paths.home.getHref());
    },
  });
}
