import { z } from 'zod';

export const role = z.enum(['customer', 'cpa', 'admin']);
export type Role = z.infer<typeof role>;

/** US-region country codes: the tax-filing link shows only for these (spec 01 §6). */
export const US_REGION_CODES = ['US', 'PR', 'MP', 'GU', 'AS', 'VI'] as const;

/** The onboarding's steps: role, location, currency, notifications, finish. */
export const onboardingStep = z.number().int().min(1).max(5);
export type OnboardingStep = 1 | 2 | 3 | 4 | 5;

/** The signed-in user as the client sees it (spec 01 §3 plus settings the product needs). */
export const user = z.object({
  id: z.number().int(),
  uuid: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  roles: z.array(role),
  onboarded: z.boolean(),
  /** The furthest onboarding step reached (issue 35.14): an unfinished onboarding resumes there. */
  onboarding_step: onboardingStep,
  transaction_uploaded: z.boolean(),
  combined_page: z.boolean(),
  resync_reminder: z.boolean(),
  country_code: z.string(),
  currency: z.string(),
  timezone: z.string(),
  mfa_enabled: z.boolean(),
  safe_harbor_dismissed: z.boolean(),
  email_notifications: z.boolean(),
  switch_notifications: z.boolean(),
  bulk_edit_preference: z.enum(['single_page', 'all_pages']).nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof user>;

/** Present while a tax professional views a client's account. */
export const masquerade = z.object({
  name: z.string(),
  email: z.string(),
  uuid: z.string(),
});
export type Masquerade = z.infer<typeof masquerade>;
