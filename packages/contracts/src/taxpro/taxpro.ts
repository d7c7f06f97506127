import { z } from 'zod';
import { defineCall, successStatus } from '../http.ts';
import { pageNumber, recordId, wholeNumber } from '../ids.ts';
import { masquerade, role } from '../users/user.ts';

const email = z.string().trim().toLowerCase().email('Enter a valid e-mail address').max(254);
const idParams = z.object({ id: recordId });
const paging = {
  page: pageNumber.default(1),
  per_page: wholeNumber(1, 100).default(20),
};
const pageMeta = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total_count: z.number().int(),
  total_pages: z.number().int(),
});

/** An accountant link's state: invited, accepted (the accountant may work in the account), revoked. */
export const linkStatus = z.enum(['pending', 'accepted', 'revoked', 'declined']);
export type LinkStatus = z.infer<typeof linkStatus>;

/** The refusal of the request that ended a revoked impersonation (the accountant is back in their own session). */
export const ACCESS_ENDED =
  "Your access to this client's account has ended. You are back in your own account.";

/** One accountant of the customer (spec 01 §7: "data with invited and email"). */
export const customerCpa = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  invited: linkStatus,
  /** Who asked: the customer invited the accountant, or the accountant the client. */
  invited_by: z.enum(['customer', 'cpa']),
  created_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type CustomerCpa = z.infer<typeof customerCpa>;

export const listCustomerCpas = defineCall({
  method: 'GET',
  path: '/api/customer_cpa',
  summary: 'The customer’s accountants: invited, with access, or revoked',
  tag: 'taxpro',
  response: z.object({ status: z.literal('success'), data: z.array(customerCpa) }),
});

export const getCustomerCpa = defineCall({
  method: 'GET',
  path: '/api/customer_cpa_page/:id',
  summary: 'One of the customer’s accountant links',
  tag: 'taxpro',
  params: idParams,
  response: z.object({ status: z.literal('success'), data: customerCpa }),
});

export const inviteAccountant = defineCall({
  method: 'POST',
  path: '/api/customer_cpa',
  summary: 'Invites an accountant by e-mail to work in the customer’s account',
  tag: 'taxpro',
  body: z.object({ email }),
  response: successStatus.extend({ data: customerCpa }),
});

export const revokeAccountant = defineCall({
  method: 'DELETE',
  path: '/api/customer_cpa/:id',
  summary:
    'Revokes an accountant’s access (or withdraws the invitation); ends their active session in the account',
  tag: 'taxpro',
  params: idParams,
  response: successStatus,
});

/** An invitation waiting for the signed-in user (the banner of spec 01 §2/§6). */
export const pendingInvitation = z.object({
  id: z.number().int(),
  from_name: z.string().nullable(),
  from_email: z.string(),
  /** cpa: an accountant asks to work with you; customer: a client asks you to be their accountant. */
  from_role: z.enum(['customer', 'cpa']),
  created_at: z.string(),
});

export const listPendingInvitations = defineCall({
  method: 'GET',
  path: '/api/invitations/pending',
  summary: 'Invitations addressed to the signed-in user that wait for an answer',
  tag: 'taxpro',
  response: z.object({
    status: z.literal('success'),
    count: z.number().int(),
    data: z.array(pendingInvitation),
  }),
});

export const ACCEPTED_MESSAGE = 'Invitation confirmed';
export const ALREADY_ACCEPTED_MESSAGE = 'You already accepted this invitation';
export const ACCEPT_FAILED_MESSAGE = 'Failed to confirm invitation';

/** /accept_invitation?token=…: the e-mailed single-use link. */
export const acceptInvitationToken = defineCall({
  method: 'POST',
  path: '/api/invitations/accept',
  summary: 'Accepts an invitation by its e-mailed single-use token',
  tag: 'taxpro',
  body: z.object({ token: z.string().trim().min(10).max(200) }),
  response: successStatus.extend({
    from_role: z.enum(['customer', 'cpa']),
    /** The link had been accepted already by the same person (the e-mail opened again). */
    already_accepted: z.boolean().optional(),
    /** The client's account, for the accountant who accepted. */
    client_id: z.number().int().nullable().optional(),
  }),
});

export const answerInvitation = defineCall({
  method: 'POST',
  path: '/api/invitations/:id/answer',
  summary: 'Accepts or declines an invitation addressed to the signed-in user',
  tag: 'taxpro',
  params: idParams,
  body: z.object({ accept: z.boolean() }),
  response: successStatus,
});

/** One client on the tax-pro dashboard. Figures are counts; money stays in the client's account. */
export const clientRow = z.object({
  id: z.number().int(),
  link_id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  status: linkStatus,
  tax_years: z.array(z.number().int()),
  calculation: z.enum(['none', 'queued', 'running', 'complete', 'failed']),
  calculated_at: z.string().nullable(),
  transactions: z.number().int(),
  missing_prices: z.number().int(),
  /**
   * The latest finished calculation no longer matches the client's data or settings (the
   * client's own Tax Center's rule, contracts' yearOutOfDate): the list says so (issue 35).
   */
  out_of_date: z.boolean(),
  insufficient_balance: z.number().int(),
  /** The newest plan invitation or grant for the client, until billing lands. */
  plan: z.string().nullable(),
  last_activity: z.string().nullable(),
});
export type ClientRow = z.infer<typeof clientRow>;

export const listClients = defineCall({
  method: 'GET',
  path: '/api/tax_pro/clients',
  summary: 'The accountant’s clients with their tax years, calculation and review counts',
  tag: 'taxpro',
  query: z.object({ q: z.string().trim().max(100).optional(), ...paging }),
  response: z.object({ status: z.literal('success'), data: z.array(clientRow), meta: pageMeta }),
});

/** One tax year of a client: its missing prices and whether its results are out of date. */
export const clientYear = z.object({
  year: z.number().int(),
  missing_prices: z.number().int(),
  out_of_date: z.boolean(),
});
export type ClientYear = z.infer<typeof clientYear>;

export const getClient = defineCall({
  method: 'GET',
  path: '/api/tax_pro/clients/:id',
  summary: 'One client of the accountant (view_customer), with each tax year’s state',
  tag: 'taxpro',
  params: idParams,
  response: z.object({
    status: z.literal('success'),
    data: clientRow.extend({
      years: z.array(clientYear),
      /** Why the results are out of date, in words (empty when they are current). */
      stale_reasons: z.array(z.string()),
    }),
  }),
});

export const inviteClient = defineCall({
  method: 'POST',
  path: '/api/tax_pro/clients/invite',
  summary: 'The accountant invites a client by e-mail',
  tag: 'taxpro',
  body: z.object({ email }),
  response: successStatus,
});

export const impersonate = defineCall({
  method: 'POST',
  path: '/api/users/:id/impersonate',
  summary: 'Starts working in a client’s account (an accepted accountant, or an admin)',
  tag: 'taxpro',
  params: idParams,
  response: successStatus.extend({ masquerade }),
});

export const stopImpersonating = defineCall({
  method: 'POST',
  path: '/api/users/stop_impersonating',
  summary: 'Ends impersonation and returns to the accountant’s own session',
  tag: 'taxpro',
  response: successStatus,
});

/** A request an accountant (or admin) made while working in the user's account. */
export const accessEvent = z.object({
  id: z.number().int(),
  actor_email: z.string(),
  actor_name: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  status_code: z.number().int(),
  created_at: z.string(),
});

export const listAccessLog = defineCall({
  method: 'GET',
  path: '/api/users/access_log',
  summary: 'Every request an accountant or admin made while working in the signed-in user’s account',
  tag: 'taxpro',
  query: z.object(paging),
  response: z.object({ status: z.literal('success'), data: z.array(accessEvent), meta: pageMeta }),
});

/** Plans an accountant may invite a client to, until the billing catalogue (issue 20) replaces them. */
export const INVITE_PLAN_IDS = ['newbie', 'hodler', 'trader', 'pro'] as const;

export const invitePay = defineCall({
  method: 'POST',
  path: '/api/tax_pro/invite_client_to_pay',
  summary: 'Invites a client to pay for a plan for a tax year (recorded until billing is on)',
  tag: 'taxpro',
  body: z.object({
    client_id: z.number().int().positive(),
    tax_year: z.number().int().min(2009).max(2100),
    plan_id: z.string().trim().min(1).max(40),
  }),
  response: successStatus.extend({ id: z.number().int() }),
});

/** Admin (role admin): an operator's view of the instance's accounts. */
export const adminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  roles: z.array(role),
  disabled: z.boolean(),
  created_at: z.string(),
  transactions: z.number().int(),
  plans: z.array(z.object({ tax_year: z.number().int(), plan_id: z.string() })),
});

export const adminListUsers = defineCall({
  method: 'GET',
  path: '/api/admin/users',
  summary: 'Admin: every account with roles, state and transaction counts',
  tag: 'admin',
  query: z.object({ q: z.string().trim().max(100).optional(), ...paging }),
  response: z.object({ status: z.literal('success'), data: z.array(adminUser), meta: pageMeta }),
});

export const adminUpdateUser = defineCall({
  method: 'PATCH',
  path: '/api/admin/users/:id',
  summary: 'Admin: changes an account’s roles or disables/enables it',
  tag: 'admin',
  params: idParams,
  // Strict, and one of the two at least: `{ "disable": true }` was answered "Account updated"
  // with the account still enabled.
  body: z
    .strictObject({ roles: z.array(role).min(1).max(4).optional(), disabled: z.boolean().optional() })
    .refine(
      (b) => b.roles !== undefined || b.disabled !== undefined,
      'Give roles or disabled: nothing to change',
    ),
  response: successStatus,
});

export const adminGrantPlan = defineCall({
  method: 'POST',
  path: '/api/admin/users/:id/grant_plan',
  summary: 'Admin: grants a plan for a tax year by hand (an invoice paid elsewhere)',
  tag: 'admin',
  params: idParams,
  body: z.object({
    tax_year: z.number().int().min(2009).max(2100),
    plan_id: z.string().trim().min(1).max(40),
  }),
  response: successStatus,
});

export const adminListJobs = defineCall({
  method: 'GET',
  path: '/api/admin/jobs',
  summary: 'Admin: background jobs, newest first, with their failures',
  tag: 'admin',
  query: z.object({
    status: z.enum(['failed', 'running', 'queued', 'succeeded', 'superseded']).optional(),
    ...paging,
  }),
  response: z.object({
    status: z.literal('success'),
    data: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        user_email: z.string().nullable(),
        status: z.string(),
        error: z.string().nullable(),
        created_at: z.string(),
        finished_at: z.string().nullable(),
      }),
    ),
    meta: pageMeta,
  }),
});
