export const onboardingKeys = {
  all: ['onboarding'] as const,
  timezoneOptions: () => [...onboardingKeys.all, 'timezone-options'] as const,
  flag: () => [...onboardingKeys.all, 'flag'] as const,
};
