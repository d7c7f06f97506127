/** The paging block of a list answer: the page asked for, its size, how many in all and how many pages (at least 1). */
export function pageMeta(page: number, perPage: number, total: number) {
  return {
    current_page: page,
    per_page: perPage,
    total_count: total,
    total_pages: Math.max(1, Math.ceil(total / perPage)),
  };
}
