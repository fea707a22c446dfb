import { useGetAuthorizeNetAccountQuery } from '../../app/authorizeNetAccountApi';
import { paths } from '../../app/paths';
import { AuthorizeNetAccount } from '../../components/AuthorizeNetAccount';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import './payouts.css';

/** Where the landlord's card rent goes today, and what connecting the account changes. */
function CardGatewayNotice() {
  const { data: view } = useGetAuthorizeNetAccountQuery('self');
  if (!view) return null;
  return view.cardGateway === 'authorize_net' ? (
    <Notice tone="info" title="Your tenants pay by card through your Authorize.Net account">
      Card rent settles in your Authorize.Net merchant account, and each settled batch appears on Payouts as a deposit.
    </Notice>
  ) : (
    <Notice tone="info" title="Your tenants pay by card through Stripe">
      To take card rent in your own Authorize.Net merchant account instead, connect it here, then ask Rentwise support to move your card payments to
      it.
    </Notice>
  );
}

/** /landlord/authorize-net: the landlord's own Authorize.Net merchant account and its keys (issue 38). */
export function AuthorizeNetAccountPage() {
  return (
    <div className="app-page">
      <PageHeader
        back={{ to: paths.landlord.payouts.getHref(), label: 'Payouts' }}
        title="Card Payments"
        description="Through your own Authorize.Net merchant account: the keys Rentwise charges your tenants’ cards with, and where Authorize.Net tells us about each payment."
      />
      <CardGatewayNotice />
      <AuthorizeNetAccount owner="self" />
    </div>
  );
}
