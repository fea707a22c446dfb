import { Mail, Phone } from 'lucide-react';
import { telHref } from '@rentwise/libs/phone';
import { paths } from '../../app/paths';
import { useGetResidenceQuery } from '../../app/residenceApi';
import { Avatar } from '../../components/Avatar';
import { Card } from '../../components/Card';
import { LoadFailed } from '../../components/LoadFailed';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import './tenants.css';

/** /tenant/contact-landlord: the landlord's photo, name, and Email and Call links. */
export function ContactLandlordPage() {
  const { data: residence, isLoading, isError, refetch, isFetching } = useGetResidenceQuery();
  const landlord = residence?.landlord;
  const name = landlord ? `${landlord.firstName} ${landlord.lastName}` : '';

  return (
    <div className="container container--narrow tenants-page contact-landlord">
      <PageHeader back={{ to: paths.tenant.dashboard.getHref(), label: 'Dashboard' }} title="Contact Landlord" />

      {isLoading && (
        <Card padding="lg" className="contact-card" aria-busy="true">
          <Skeleton shape="circle" width="6rem" height="6rem" />
          <Skeleton width="12rem" />
          <Skeleton width="16rem" />
        </Card>
      )}

      {isError && !residence && <LoadFailed what="Your landlord’s details" retry={() => void refetch()} retrying={isFetching} />}

      {residence === null && (
        <Notice title="You’re not linked to a property yet">
          Your landlord adds you to your home on Rentwise. Once they have, their details appear here.
        </Notice>
      )}

      {landlord && residence && (
        <Card padding="lg" className="contact-card">
          <Avatar photoUrl={landlord.photoUrl} name={name} size="lg" />
          <div className="contact-card__who">
            <h2 className="contact-card__name">{name}</h2>
            <p className="contact-card__role">Your landlord · {residence.propertyAddress}</p>
          </div>
          <div className="contact-card__actions">
            <a className="button button--primary button--lg button--full" href={`mailto:${landlord.email}`}>
              <Mail aria-hidden="true" size={20} />
              Email
            </a>
            <a className="button button--secondary button--lg button--full" href={telHref(landlord.phone)}>
              <Phone aria-hidden="true" size={20} />
              Call
            </a>
          </div>
          <dl className="contact-card__details">
            <div>
              <dt>Email</dt>
              <dd>{landlord.email}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{landlord.phone}</dd>
            </div>
          </dl>
        </Card>
      )}
    </div>
  );
}
