import { Link } from 'react-router-dom';
import { Building2, CircleDollarSign, CircleHelp, ExternalLink, Landmark, LogOut, ReceiptText, UserRound, Users } from 'lucide-react';
import { MESSAGES } from '@rentwise/libs/messages';
import { paths } from '../../app/paths';
import { useSignOut } from '../../app/session';
import { Button } from '../../components/Button';
import { showToast } from '../../components/toastStore';
import { usePayoutDashboardLinkMutation } from './dashboardApi';
import { refusalMessage } from '../../app/apiError';
import { DashboardProfile } from './DashboardProfile';
import { DashboardTile } from './DashboardTile';
import { YearAtGlance } from './YearAtGlance';
import { todayLabel } from '../../app/dates';
import '../../styles/accounts.css';
import './yearAtGlance.css';

function ViewStripeAccountButton() {
  const [getLink, { isLoading }] = usePayoutDashboardLinkMutation();

  async function open() {
    try {
      const { url } = await getLink().unwrap();
      // Same tab: opening a window after an await is blocked by phone browsers.
      window.location.assign(url);
    } catch (error) {
      showToast(refusalMessage(error) ?? MESSAGES.noGatewayResponse, { tone: 'error' });
    }
  }

  return (
    <Button variant="secondary" onClick={open} isLoading={isLoading}>
      <ExternalLink aria-hidden="true" size={18} />
      View Stripe Account
    </Button>
  );
}

export function LandlordDashboardPage() {
  const signOut = useSignOut();

  return (
    <div className="app-page dashboard">
      <title>Dashboard · Rentwise</title>
      <DashboardProfile date={todayLabel()} />

      <nav className="dashboard-tiles" aria-label="Manage">
        <DashboardTile
          to={paths.landlord.paymentHistory.getHref()}
          icon={ReceiptText}
          title="Payment History"
          description="Rent received by property and month"
        />
        <DashboardTile
          to={paths.landlord.balances.getHref()}
          icon={CircleDollarSign}
          title="Who Owes What"
          description="Tenants with a balance, and how late"
        />
        <DashboardTile
          to={paths.landlord.payouts.getHref()}
          icon={Landmark}
          title="Payouts"
          description="Bank deposits and the payments in each"
        />
        <DashboardTile
          to={paths.landlord.properties.getHref('address')}
          icon={Building2}
          title="Manage Properties"
          description="Addresses and monthly rent"
        />
        <DashboardTile
          to={paths.landlord.properties.getHref('tenant')}
          icon={Users}
          title="Manage Tenants"
          description="Add tenants and their contact details"
        />
        <DashboardTile
          to={paths.landlord.info.getHref()}
          icon={UserRound}
          title="Personal Information"
          description="Name, phone, email and photo"
        />
      </nav>

      <YearAtGlance />

      <div className="dashboard-actions">
        <ViewStripeAccountButton />
        <Button variant="ghost" to={paths.landlord.faq.getHref()}>
          <CircleHelp aria-hidden="true" size={18} />
          FAQ
        </Button>
        <Button variant="ghost" onClick={() => void signOut()}>
          <LogOut aria-hidden="true" size={18} />
          Sign Out
        </Button>
      </div>
      <p className="dashboard-footnote muted">
        Questions about fees or payouts? <Link to={paths.landlord.faq.getHref()}>Read the landlord FAQ</Link>.
      </p>
    </div>
  );
}
