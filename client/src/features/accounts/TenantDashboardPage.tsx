import { Link } from 'react-router-dom';
import { CreditCard, LifeBuoy, LogOut, MapPin, MessageCircle, ReceiptText, UserRound } from 'lucide-react';
import { paths } from '../../app/paths';
import { useSessionUser, useSignOut } from '../../app/session';
import { PhotoUpload } from '../../components/PhotoUpload';
import { Skeleton } from '../../components/Skeleton';
import { useDashboardResidenceQuery } from './accountsApi';
import { DashboardTile } from './DashboardTile';
import { usePhotoUpload } from './usePhotoUpload';
import '../../styles/accounts.css';

/** Where the tenant lives; a skeleton while loading, nothing when there is no residence to show. */
function PropertyAddress() {
  const { data, isLoading } = useDashboardResidenceQuery();
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
  const user = useSessionUser();
  const signOut = useSignOut();
  const photo = usePhotoUpload();
  const fullName = `${user.firstName} ${user.lastName}`;

  return (
    <div className="app-page dashboard">
      <title>Dashboard · Rentwise</title>
      <section className="dashboard-profile" aria-label="Your profile">
        <PhotoUpload
          photoUrl={user.photoUrl}
          name={fullName}
          isUploading={photo.isUploading}
          onSelect={photo.upload}
          onRefuse={photo.refuse}
        />
        <div className="dashboard-profile__text">
          <h1 className="dashboard-profile__name">{fullName}</h1>
          <p className="dashboard-profile__detail">{user.email}</p>
          <PropertyAddress />
        </div>
      </section>

      <nav className="dashboard-tiles" aria-label="Your rent">
        <DashboardTile
          to={paths.tenant.payment.getHref()}
          icon={CreditCard}
          eyebrow="Simple & Secure"
          title="Make a payment"
          description="Pay your rent by card"
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
