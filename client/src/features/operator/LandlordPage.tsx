import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ArrowRight, CreditCard, History, Mail, Phone, RefreshCw, UserX } from 'lucide-react';
import { MESSAGES } from '@rentwise/libs/messages';
import { telHref } from '@rentwise/libs/phone';
import { isNotFound, refusalMessage } from '../../app/apiError';
import { paths } from '../../app/paths';
import { AuthorizeNetAccount } from '../../components/AuthorizeNetAccount';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { showToast } from '../../components/toastStore';
import { formatDateTime } from './formatTime';
import { useListRegistrationsQuery } from './operatorApi';
import {
  type CardGateway,
  type CardGatewayChange,
  type OperatorLandlord,
  useGetOperatorLandlordQuery,
  useSetLandlordCardGatewayMutation,
} from './operatorLandlordApi';
import './operator.css';

const GATEWAY_NAME: Record<CardGateway, string> = { stripe: 'Stripe', authorize_net: 'Authorize.Net' };

const GATEWAY_SCREEN: Record<CardGateway, string> = {
  stripe: 'Tenants pay by card on Stripe’s hosted card screen. This is the default.',
  authorize_net: 'Tenants pay by card on the Authorize.Net card screen; Authorize.Net tokenizes the card in their browser.',
};

const otherGateway = (gateway: CardGateway): CardGateway => (gateway === 'stripe' ? 'authorize_net' : 'stripe');

const fullName = (landlord: Pick<OperatorLandlord, 'firstName' | 'lastName'>) => `${landlord.firstName} ${landlord.lastName}`;

const PAYOUT_LABELS = {
  none: 'Payout account not connected yet',
  pending: 'Payout account not connected yet',
  restricted: 'Payout account restricted by the provider',
  active: 'Payout account connected',
} as const;

/**
 * The registration and payout state, when the landlord is among the recently reviewed registrations
 * (the only list that carries it); nothing is shown otherwise rather than a guess.
 */
function RegistrationStatus({ landlordUserId }: { landlordUserId: string }) {
  const { registration } = useListRegistrationsQuery('reviewed', {
    selectFromResult: ({ data }) => ({ registration: data?.find((row) => row.landlordUserId === landlordUserId) }),
  });
  if (!registration) return null;
  const approved = registration.status === 'approved';
  const payout = PAYOUT_LABELS[registration.payoutConnected ? (registration.payoutStatus ?? 'none') : 'none'];
  return (
    <p className="operator-landlord__registration">
      <span className={`status-pill status-pill--${approved ? 'success' : 'danger'}`}>
        {approved ? 'Registration approved' : 'Registration rejected'}
      </span>
      {approved && (
        <span className={registration.payoutStatus === 'active' && registration.payoutConnected ? undefined : 'muted'}>
          {payout}
        </span>
      )}
    </p>
  );
}

function Contact({ landlord }: { landlord: OperatorLandlord }) {
  return (
    <Card as="section" className="operator-landlord__contact" aria-label="Contact">
      <ul className="registration__contact">
        <li>
          <Mail aria-hidden="true" size={16} />
          <a href={`mailto:${landlord.email}`}>{landlord.email}</a>
        </li>
        <li>
          <Phone aria-hidden="true" size={16} />
          <a href={telHref(landlord.phone)}>{landlord.phone}</a>
        </li>
      </ul>
      <RegistrationStatus landlordUserId={landlord.userId} />
    </Card>
  );
}

function CardGatewaySetting({ landlord }: { landlord: OperatorLandlord }) {
  const [setCardGateway, { isLoading: saving }] = useSetLandlordCardGatewayMutation();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const current = landlord.cardGateway;
  const next = otherGateway(current);
  const unavailable = next === 'authorize_net' && !landlord.authorizeNetAvailable;

  async function change() {
    setRefusal(null);
    try {
      const { changed } = await setCardGateway({ landlordUserId: landlord.userId, gateway: next }).unwrap();
      showToast(
        changed
          ? `${fullName(landlord)}’s tenants now pay by card through ${GATEWAY_NAME[next]}.`
          : `${fullName(landlord)} was already on ${GATEWAY_NAME[next]}.`,
        { tone: 'success' },
      );
    } catch (error) {
      setRefusal(refusalMessage(error) ?? MESSAGES.unexpectedError);
    }
    setConfirming(false);
  }

  return (
    <Card as="section" className="operator-landlord__gateway" aria-labelledby="card-gateway-title">
      <div className="operator-landlord__gateway-head">
        <span className="icon-badge">
          <CreditCard aria-hidden="true" size={20} />
        </span>
        <div>
          <h2 id="card-gateway-title" className="operator-landlord__section-title">
            Card gateway
          </h2>
          <p className="operator-landlord__gateway-current">
            <span className="visually-hidden">Current gateway: </span>
            {GATEWAY_NAME[current]}
          </p>
        </div>
      </div>
      <p className="muted">{GATEWAY_SCREEN[current]}</p>

      {refusal && (
        <div role="alert">
          <Notice tone="danger" title={`The gateway wasn’t changed. ${GATEWAY_NAME[current]} is still in use.`}>
            {refusal}
          </Notice>
        </div>
      )}

      {unavailable ? (
        !refusal && (
          <Notice tone="warning" title="Authorize.Net isn’t available">
            {MESSAGES.authorizeNetAccountMissing}
          </Notice>
        )
      ) : (
        <div className="operator-landlord__gateway-action">
          <Button onClick={() => setConfirming(true)}>Switch to {GATEWAY_NAME[next]}</Button>
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        title={`Switch ${fullName(landlord)} to ${GATEWAY_NAME[next]}?`}
        confirmLabel={`Switch to ${GATEWAY_NAME[next]}`}
        tone="primary"
        isWorking={saving}
        onConfirm={() => void change()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Their tenants’ next card payments go through {GATEWAY_NAME[next]} instead of {GATEWAY_NAME[current]}. Payments
          already made are not affected. The change is recorded with your name.
        </p>
      </ConfirmDialog>
    </Card>
  );
}

function ChangeHistory({ changes }: { changes: CardGatewayChange[] }) {
  // Newest first whatever order the answer comes in.
  const newestFirst = [...changes].sort((a, b) => b.changedAt.localeCompare(a.changedAt));
  return (
    <section className="registrations-section" aria-labelledby="gateway-history-title">
      <h2 id="gateway-history-title" className="registrations-section__title">
        Card gateway history
      </h2>
      {newestFirst.length === 0 ? (
        <Card>
          <EmptyState icon={History} title="No changes yet">
            This landlord has been on Stripe, the default, since they joined. Every change is recorded here with who made it
            and when.
          </EmptyState>
        </Card>
      ) : (
        <Card as="ol" className="gateway-history" padding="md">
          {newestFirst.map((change) => (
            <li key={`${change.changedAt}-${change.toGateway}`} className="gateway-history__row">
              <p className="gateway-history__change">
                <span className="visually-hidden">From </span>
                {GATEWAY_NAME[change.fromGateway]}
                <ArrowRight aria-hidden="true" size={16} className="gateway-history__arrow" />
                <span className="visually-hidden"> to </span>
                <strong>{GATEWAY_NAME[change.toGateway]}</strong>
              </p>
              <p className="gateway-history__meta">
                <span>by {change.changedByName ?? 'a former operator'}</span>
                <time dateTime={change.changedAt}>{formatDateTime(change.changedAt)}</time>
              </p>
            </li>
          ))}
        </Card>
      )}
    </section>
  );
}

function Loading() {
  return (
    <div className="operator-landlord" aria-busy="true" aria-label="Loading the landlord">
      <Card>
        <Skeleton width="50%" />
        <Skeleton width="35%" />
      </Card>
      <Card>
        <Skeleton width="30%" height="1.25rem" />
        <Skeleton width="80%" />
      </Card>
    </div>
  );
}

/**
 * /operator/landlords/:landlordId: who the landlord is, the card gateway their tenants pay on, their
 * own Authorize.Net account, and the gateway's audit trail.
 */
export function LandlordPage() {
  const { landlordId = '' } = useParams();
  const { data: landlord, error, isFetching, refetch } = useGetOperatorLandlordQuery(landlordId);
  const back = { to: paths.operator.registrations.getHref(), label: 'Registrations' };

  if (!landlord && error && isNotFound(error)) {
    return (
      <div className="container container--narrow operator-page">
        <PageHeader back={back} eyebrow="Operator" title="Landlord not found" />
        <Card>
          <EmptyState
            icon={UserX}
            title="No landlord at this address"
            action={<Button to={back.to}>Go to Registrations</Button>}
          >
            The link may be incomplete, or the account isn’t a landlord’s. Approved landlords are linked from Recently
            reviewed.
          </EmptyState>
        </Card>
      </div>
    );
  }

  return (
    <div className="container container--narrow operator-page">
      <PageHeader back={back} eyebrow="Operator · Landlord" title={landlord ? fullName(landlord) : 'Landlord'} />
      {!landlord && !error && <Loading />}
      {!landlord && error && (
        <div className="registration-list__failed" role="alert">
          <Notice tone="danger" title="We couldn’t load this landlord.">
            Check your connection and try again.
          </Notice>
          <Button variant="secondary" onClick={() => void refetch()} isLoading={isFetching}>
            <RefreshCw aria-hidden="true" size={18} />
            Try again
          </Button>
        </div>
      )}
      {landlord && (
        <div className="operator-landlord">
          <Contact landlord={landlord} />
          <CardGatewaySetting landlord={landlord} />
          <AuthorizeNetAccount
            owner={{ landlordUserId: landlord.userId }}
            savedMessage={`${fullName(landlord)}’s Authorize.Net account is connected.`}
          />
          <ChangeHistory changes={landlord.cardGatewayChanges} />
        </div>
      )}
    </div>
  );
}
