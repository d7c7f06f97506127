export const pricesKeys = {
  all: ['prices'] as const,
  files: () => [...pricesKeys.all, 'files'] as const,
  sources: (ids: readonly number[]) => [...pricesKeys.all, 'sources', ids.join(',')] as const,
  search: (q: string) => [...pricesKeys.all, 'search', q] as const,
};
