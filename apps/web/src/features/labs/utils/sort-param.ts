import { LABS_DEFAULT_SORT, type LabsSort, labsSort } from '@lotwise/contracts/labs/labs';
import { useSearchParams } from 'react-router';

/** The Labs sort lives in the address (`?sort=`), so a shared link opens on the same period. */
export function useLabsSort(): [LabsSort, (sort: LabsSort) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = labsSort.safeParse(params.get('sort'));
  const sort = parsed.success ? parsed.data : LABS_DEFAULT_SORT;
  const set = (next: LabsSort) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next === LABS_DEFAULT_SORT) copy.delete('sort');
        else copy.set('sort', next);
        return copy;
      },
      { replace: true },
    );
  return [sort, set];
}
