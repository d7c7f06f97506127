export const settingsKeys = {
  all: ['settings'] as const,
  mfa: () => [...settingsKeys.all, 'mfa'] as const,
};
