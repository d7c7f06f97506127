export const settingsKeys = {
  all: ['settings'] as const,
  mfa: () => [...settingsKeys.all, 'mfa'] as const,
  preferenceOptions: () => [...settingsKeys.all, 'preference-options'] as const,
};
