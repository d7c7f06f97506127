import { OauthCallback } from '@/features/oauth/components/oauth-callback';

/** /oauth/:provider/callback: the redirect URI registered with the exchange (README "Connect with Coinbase"). */
export default function OauthCallbackRoute() {
  return <OauthCallback />;
}
