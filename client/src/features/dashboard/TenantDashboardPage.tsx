import { Link } from 'react-router-dom';
import { CreditCard, LifeBuoy, LogOut, MapPin, MessageCircle, ReceiptText, UserRound } from 'lucide-react';
import { paths } from '../../app/paths';
import { useGetResidenceQuery } from '../../app/residenceApi';
import { useSignOut } from '../../app/session';
import { Skeleton } from '../../components/Skeleton';
import { BalanceCard } from './BalanceCard';
import { DashboardProfile } from './DashboardProfile';
import { DashboardTile } from './DashboardTile';
import '../../styles/accounts.css';

/** Where the tenant lives; a skeleton while loading, nothing when there is no residence to show. */
function PropertyAddress() {
  const { data, isLoading } = useGetResidenceQuery();
  if (isLoading) {
    return (
      <span className="dashboard-profile__detail" aria-hidden="true">
        <Skeleton width="14rem" />
      </span>
    );
  }
  if (!data?.propertyAddress) return null;
  return (
    <p className="dashboard-profile__detail dashboard-profile__address">
      <MapPin aria-hidden="true" size={16} />
      <span>{data.propertyAddress}</span>
    </p>
  );
}

export function TenantDashboardPage() {
  const signOut = useSignOut();

  return (
    <div className="app-page dashboard">
      <title>Dashboard · Rentwise</title>
      <DashboardProfile>
        <PropertyAddress />
      </DashboardProfile>

      <BalanceCard />

      <nav className="dashboard-tiles" aria-label="Your rent">
        <DashboardTile
          to={paths.tenant.payment.getHref()}
          icon={CreditCard}
          eyebrow="Simple & Secure"
          title="Make a payment"
          description="Pay your rent by card or bank account"
          emphasis
        />
        <DashboardTile
          to={paths.tenant.paymentHistory.getHref()}
          icon={ReceiptText}
          title="Payment history"
          description="View all transactions"
        />
        <DashboardTile
          to={paths.tenant.info.getHref()}
          icon={UserRound}
          title="Personal information"
          description="Name, phone, email"
        />
      </nav>

      <ul className="dashboard-links">
        <li>
          <Link to={paths.tenant.contactLandlord.getHref()}>
            <MessageCircle aria-hidden="true" size={18} />
            Contact Landlord
          </Link>
        </li>
        <li>
          <Link to={paths.tenant.support.getHref()}>
            <LifeBuoy aria-hidden="true" size={18} />
            Support &amp; Help
          </Link>
        </li>
        <li>
          <button type="button" onClick={() => void signOut()}>
            <LogOut aria-hidden="true" size={18} />
            Sign Out
          </button>
        </li>
      </ul>
    </div>
  );
}
