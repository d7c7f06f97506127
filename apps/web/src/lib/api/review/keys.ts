export const reviewKeys = {
  all: ['review'] as const,
  summary: () => [...reviewKeys.all, 'summary'] as const,
  findings: (wizard: string, page: number) => [...reviewKeys.all, 'findings', wizard, page] as const,
  methods: (year: number) => [...reviewKeys.all, 'methods', year] as const,
};
