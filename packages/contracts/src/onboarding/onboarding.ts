import { z } from 'zod';
import { defineCall, successStatus } from '../http.ts';
import { countryCode } from '../users/account.ts';
import { onboardingStep, user } from '../users/user.ts';

export const onboardingFlag = z.object({
  onboarded: z.boolean(),
  is_imported: z.boolean(),
  is_customer: z.boolean(),
  currency: z.string(),
});

export const updateRole = defineCall({
  method: 'POST',
  path: '/api/onboarding/settings/update_role',
  summary: 'Choose between using Lotwise for yourself (customer), for clients (cpa) or both',
  tag: 'onboarding',
  body: z.object({ role: z.enum(['customer', 'cpa', 'both']) }),
  response: z.object({ status: z.literal('success'), user }),
});

export const saveLocation = defineCall({
  method: 'POST',
  path: '/api/save_location',
  summary: "Save the user's country",
  tag: 'onboarding',
  body: z.object({ country_code: countryCode }),
  response: successStatus,
});

export const currencyOption = z.object({ code: z.string(), name: z.string(), symbol: z.string() });

export const getTimezoneOptions = defineCall({
  method: 'GET',
  path: '/api/timezone',
  summary: 'Reporting currencies and time zones to choose from',
  tag: 'onboarding',
  response: z.object({
    currencies: z.array(currencyOption),
    timezones: z.array(z.string()),
    current: z.object({ currency: z.string(), timezone: z.string() }),
  }),
});

export const saveCurrency = defineCall({
  method: 'POST',
  path: '/api/currency',
  summary: 'Save the reporting currency and time zone',
  tag: 'onboarding',
  body: z.object({
    currency: z.string().trim().toUpperCase().length(3),
    timezone: z.string().min(1).max(100),
  }),
  response: successStatus,
});

export const saveNotifications = defineCall({
  method: 'POST',
  path: '/api/onboarding/notifications',
  summary: 'Save notification choices',
  tag: 'onboarding',
  body: z.object({
    email_notifications: z.boolean().optional(),
    switch_notifications: z.boolean().optional(),
  }),
  response: successStatus,
});

export const getOnboardingFlag = defineCall({
  method: 'GET',
  path: '/api/onboarding_flag',
  summary: 'Onboarding state',
  tag: 'onboarding',
  response: onboardingFlag,
});

export const setOnboardingFlag = defineCall({
  method: 'POST',
  path: '/api/onboarding_flag',
  summary: 'Mark onboarding finished (or not)',
  tag: 'onboarding',
  body: z.object({ onboarded: z.boolean() }),
  response: onboardingFlag,
});

export const saveOnboardingStep = defineCall({
  method: 'POST',
  path: '/api/onboarding/step',
  summary:
    'Records the onboarding step the user reached (the furthest one is kept), so another browser or device resumes there',
  tag: 'onboarding',
  body: z.object({ step: onboardingStep }),
  response: z.object({ status: z.literal('success'), onboarding_step: onboardingStep }),
});

export const sendDesktopLink = defineCall({
  method: 'POST',
  path: '/api/send_desktop_link',
  summary: 'E-mail the user a link to continue on a desktop computer',
  tag: 'onboarding',
  body: z.object({ redirectTo: z.string().startsWith('/').max(500) }),
  response: z.object({ success: z.boolean(), message: z.string() }),
});
