/** Query keys of billing; a finished checkout or a new import reads the billing queries again. */
export const billingKeys = {
  all: ['billing'] as const,
  plans: (taxYear: number | null) => [...billingKeys.all, 'plans', taxYear ?? 'default'] as const,
  history: () => [...billingKeys.all, 'history'] as const,
  importLimit: () => [...billingKeys.all, 'import-limit'] as const,
};
