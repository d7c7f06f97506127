import { nextWizard } from '@lotwise/contracts/review/review';
import { useQuery } from '@tanstack/react-query';
import { reviewKeys } from '@/lib/api/review/keys';
import { callApi } from '@/lib/api-client';

/** The trace id and the wizard after the current one (spec 01 §7 next_wizard). */
export function useNextWizard() {
  return useQuery({
    queryKey: [...reviewKeys.all, 'next'],
    queryFn: ({ signal }) => callApi(nextWizard, { signal }),
  });
}
