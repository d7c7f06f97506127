import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';

const BY_HASH: Record<string, string> = {
  '#bulk_edit_preference': paths.settings.bulkEditPreference.path,
  '#mfa-security': paths.settings.mfaSecurity.path,
  '#billing-history': paths.settings.billingHistory.path,
};

/** /settings and its anchors (/settings#bulk_edit_preference, spec 02 §2) open the matching page. */
export default function SettingsIndexRoute() {
  const { hash } = useLocation();
  return <Navigate to={BY_HASH[hash] ?? paths.settings.profile.path} replace />;
}
