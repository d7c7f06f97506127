/** Pager rules (spec 01 §5, 02 §5 and §9). */
export function totalPages(totalCount: number, perPage: number): number {
  if (perPage <= 0) return 0;
  return Math.ceil(Math.max(0, totalCount) / perPage);
}

/** A requested page below 1 or above the total is ignored: the current page stays. */
export function nextPage(current: number, requested: number, total: number): number {
  if (!Number.isInteger(requested) || requested < 1 || requested > total) return current;
  return requested;
}

/** The pager is hidden when there is one page or fewer. */
export function pagerVisible(total: number): boolean {
  return total > 1;
}

/** A sliding window of at most `size` page numbers around the current page. */
export function pageWindow(current: number, total: number, size = 10): number[] {
  if (total <= 0) return [];
  const count = Math.min(size, total);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** 'Showing X to Y of Z entries'. */
export function showingText(page: number, perPage: number, totalCount: number): string {
  if (totalCount <= 0) return 'Showing 0 to 0 of 0 entries';
  const from = (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, totalCount);
  return `Showing ${from.toLocaleString('en-US')} to ${to.toLocaleString('en-US')} of ${totalCount.toLocaleString('en-US')} entries`;
}
