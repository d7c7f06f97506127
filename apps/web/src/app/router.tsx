import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppLayout } from '@/app/app-layout';
import { RouteError } from '@/components/errors/route-error';
import { ProtectedLayout } from '@/components/layouts/protected-layout';
import { PublicLayout } from '@/components/layouts/public-layout';
import { RootLayout } from '@/components/layouts/root-layout';
import { LoadingState } from '@/components/ui/states';

type PageModule = Promise<{ default: ComponentType }>;

/** A lazily loaded page: the route module's default export becomes the route component. */
function page(path: string, load: () => PageModule): RouteObject {
  return { path, lazy: async () => ({ Component: (await load()).default }) };
}

const publicPages: RouteObject[] = [
  page('/login', () => import('./routes/auth/login')),
  page('/new_sign_up', () => import('./routes/auth/sign-up')),
  page('/sign_up', () => import('./routes/auth/sign-up')),
  page('/get_started', () => import('./routes/auth/sign-up')),
  page('/forgotpassword', () => import('./routes/auth/forgot-password')),
  page('/resetpassword', () => import('./routes/auth/reset-password')),
  page('/accept_invitation', () => import('./routes/auth/accept-invitation')),
  page('/confirm_sign_up', () => import('./routes/auth/confirm-sign-up')),
];

const onboardingPages: RouteObject[] = [
  page('/onboarding/step-1', () => import('./routes/onboarding/step-1')),
  page('/onboarding/step-2', () => import('./routes/onboarding/step-2')),
  page('/onboarding/step-3', () => import('./routes/onboarding/step-3')),
  page('/onboarding/step-4', () => import('./routes/onboarding/step-4')),
  page('/onboarding/step-5', () => import('./routes/onboarding/step-5')),
  page('/onboarding/switch-notification', () => import('./routes/onboarding/switch-notification')),
  page('/onboarding/email-notification', () => import('./routes/onboarding/email-notification')),
  page('/onboarding/video', () => import('./routes/onboarding/video')),
];

const shellPages: RouteObject[] = [
  page('/', () => import('./routes/home/home')),
  page('/dashboard', () => import('./routes/dashboard/dashboard')),
  page('/imports', () => import('./routes/imports/imports')),
  page('/imports/csvs', () => import('./routes/imports/imports-csvs')),
  page('/imports/options', () => import('./routes/imports/import-options')),
  page('/wallets', () => import('./routes/wallets/wallets')),
  page('/transactions', () => import('./routes/transactions/transactions')),
  page('/holdings', () => import('./routes/holdings/holdings')),
  page('/tax', () => import('./routes/tax/tax')),
  page('/one_year', () => import('./routes/tax/one-year')),
  page('/tax-calculation', () => import('./routes/tax/tax-calculation')),
  page('/tax_filing', () => import('./routes/tax/tax-filing')),
  page('/broker_forms', () => import('./routes/broker-forms/broker-forms')),
  page('/work_with_tax_pro', () => import('./routes/taxpro/work-with-tax-pro')),
  page('/pricing', () => import('./routes/pricing/pricing')),
  page('/pricing_summary', () => import('./routes/pricing/pricing-summary')),
  page('/tax_summary', () => import('./routes/pricing/tax-summary')),
  page('/review', () => import('./routes/review/review')),
  page('/safe-harbor', () => import('./routes/review/safe-harbor')),
  page('/choose_plan_mobile', () => import('./routes/pricing/choose-plan-mobile')),
  page('/admin', () => import('./routes/admin/admin')),
  page('/settings', () => import('./routes/settings/settings-index')),
  page('/settings/profile', () => import('./routes/settings/profile')),
  page('/settings/billing-history', () => import('./routes/settings/billing-history')),
  page('/settings/mfa-security', () => import('./routes/settings/mfa-security')),
  page('/settings/prices', () => import('./routes/settings/prices')),
  page('/settings/export', () => import('./routes/settings/export')),
  page('/settings/bulk_edit_preference', () => import('./routes/settings/bulk-edit-preference')),
  page('/error-logs', () => import('./routes/imports/error-logs')),
  page('/oauth/:provider/callback', () => import('./routes/oauth/oauth-callback')),
  page('/transactionSources', () => import('./routes/imports/transaction-sources')),
  page('/tax_pro/dashboard', () => import('./routes/taxpro/dashboard')),
  page('/tax_pro/settings', () => import('./routes/taxpro/settings')),
  page('/tax_pro/settings/profile', () => import('./routes/taxpro/settings')),
  page('/tax_pro/view_customer', () => import('./routes/taxpro/view-customer')),
  page('/tax_pro/paymentForm', () => import('./routes/taxpro/payment-form')),
  page('/tax_pro/payments/invitation', () => import('./routes/taxpro/payments-invitation')),
  page('/labs/dashboard', () => import('./routes/labs/labs-dashboard')),
  page('/labs/discover', () => import('./routes/labs/labs-discover')),
  page('/labs/research-portfolios', () => import('./routes/labs/research-portfolios')),
  page('/labs/price/:id', () => import('./routes/labs/labs-price')),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingState fullPage />,
    children: [
      { element: <PublicLayout />, errorElement: <RouteError />, children: publicPages },
      {
        element: <ProtectedLayout />,
        errorElement: <RouteError />,
        children: [
          { errorElement: <RouteError />, children: onboardingPages },
          { element: <AppLayout />, errorElement: <RouteError />, children: shellPages },
        ],
      },
      page('*', () => import('./routes/not-found')),
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
