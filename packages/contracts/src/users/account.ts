import { z } from 'zod';
import { password } from '../auth/password-rules.ts';
import { defineCall, successStatus } from '../http.ts';
import { role, user } from './user.ts';

export const getUserRole = defineCall({
  method: 'GET',
  path: '/api/users/get_user_role',
  summary: "The signed-in user's roles",
  tag: 'users',
  response: z.object({ roles: z.array(role) }),
});

export const bulkEditPreference = z.enum(['single_page', 'all_pages']);

export const getSetting = defineCall({
  method: 'GET',
  path: '/api/setting',
  summary: "The user's settings record",
  tag: 'settings',
  response: z.object({
    data: z.object({
      updated_at: z.string(),
      country_code: z.string(),
      bulk_edit_preference: bulkEditPreference.nullable(),
    }),
  }),
});

export const saveSetting = defineCall({
  method: 'POST',
  path: '/api/setting',
  summary: 'Save settings (bulk_edit_preference)',
  tag: 'settings',
  body: z.object({ bulk_edit_preference: bulkEditPreference }),
  response: z.object({ status: z.literal('success'), message: z.array(z.string()) }),
});

/** The settings page's control: null clears the preference (the dialog asks again). */
export const updateSettingPut = defineCall({
  method: 'PUT',
  path: '/api/setting',
  summary: 'Save or clear the bulk-edit preference',
  tag: 'settings',
  body: z.object({ bulk_edit_preference: bulkEditPreference.nullable() }),
  response: z.object({ status: z.literal('success'), message: z.array(z.string()) }),
});

export const dismissSafeHarborBanner = defineCall({
  method: 'POST',
  path: '/api/users/dismiss_safe_harbor_banner',
  summary: 'Hide the Safe Harbor 2025 banner for good',
  tag: 'users',
  response: successStatus,
});

export const countryCode = z
  .string()
  .max(20)
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Choose a country');

export const updateProfile = defineCall({
  method: 'PUT',
  path: '/api/users/profile',
  summary: 'Update name, username and country',
  tag: 'users',
  body: z.object({
    first_name: z.string().trim().max(100).nullable(),
    last_name: z.string().trim().max(100).nullable(),
    username: z.string().trim().max(60).nullable(),
    country_code: countryCode,
  }),
  response: z.object({ status: z.literal('success'), user }),
});

export const changePassword = defineCall({
  method: 'POST',
  path: '/api/users/change_password',
  summary: 'Change the password; other sessions are signed out',
  tag: 'users',
  body: z.object({ current_password: password, new_password: password }),
  response: successStatus,
});

export const updateTransactionUploaded = defineCall({
  method: 'POST',
  path: '/api/users/update_transaction_uploaded',
  summary: 'Mark that the user has uploaded transactions',
  tag: 'users',
  response: successStatus,
});
