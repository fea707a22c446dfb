import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowLeft, ChevronRight, CreditCard, Landmark, Lock, Trash2 } from 'lucide-react';
import { BANK_DEBIT_SETTLEMENT_BUSINESS_DAYS } from '@rentwise/libs/bank-debits';
import { MESSAGES } from '@rentwise/libs/messages';
import { formatCents } from '@rentwise/libs/money';
import { refusalMessage } from '../../app/apiError';
import { bankAccountLabel, type LinkedBankAccount } from '../../components/bankAccount';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { MicrodepositsNotice } from '../../components/MicrodepositsNotice';
import { type BankLinkOutcome, useBankLink } from '../../components/useBankLink';
import type { ChosenBankAccount } from './bankAccount';
import { useRemoveSavedBankAccountMutation, type BankDebitSetup, type SavedBankAccount } from './paymentsApi';
import { showPaymentToast } from './paymentToast';
import { StepHeading } from './StepHeading';

interface BankAccountStepProps {
  bankDebit: BankDebitSetup;
  connectedAccountId: string | null;
  /** Stripe.js's key, for Stripe's bank link (linkWith 'stripe'). */
  publishableKey: string | null;
  amountCents: number;
  onChosen: (bankAccount: ChosenBankAccount) => void;
  onBack: () => void;
  takeFocus: boolean;
  /** Card or Bank account, to go back to the card. */
  methodSwitch?: ReactNode;
  /** To the card, offered while a linked account waits for its microdeposits. */
  onUseCard?: () => void;
}

/** An account linked by hand through Stripe: it can be paid from once its microdeposits are verified. */
interface AwaitingMicrodeposits {
  verificationUrl: string;
  bankName: string;
  last4: string;
}

/** A saved account: choosing it goes to the confirmation; removing it asks first. */
function SavedAccountRow({ account, onChoose, onRemove }: { account: SavedBankAccount; onChoose: () => void; onRemove: () => void }) {
  const label = bankAccountLabel(account);
  return (
    <li className="bank-saved__row">
      <button type="button" className="row-button bank-saved__choose" onClick={onChoose}>
        <Landmark aria-hidden="true" size={20} />
        <span className="bank-saved__label">{label}</span>
        <ChevronRight aria-hidden="true" size={18} />
      </button>
      <button type="button" className="bank-saved__remove" onClick={onRemove} aria-label={`Remove ${label}`}>
        <Trash2 aria-hidden="true" size={16} />
        <span className="bank-saved__remove-text">Remove</span>
      </button>
    </li>
  );
}

/**
 * Step 2 for a bank debit: a saved account, or one linked now through the provider's bank link
 * (Stripe's Financial Connections with keys, the sandbox's stand-in without). Account and routing
 * numbers go to the provider, never to our API.
 */
export function BankAccountStep({
  bankDebit,
  connectedAccountId,
  publishableKey,
  amountCents,
  onChosen,
  onBack,
  takeFocus,
  methodSwitch,
  onUseCard,
}: BankAccountStepProps) {
  const [linked, setLinked] = useState<LinkedBankAccount | null>(null);
  const [linkRefusal, setLinkRefusal] = useState<string | null>(null);
  const [awaiting, setAwaiting] = useState<AwaitingMicrodeposits | null>(null);
  const [saveForLater, setSaveForLater] = useState(false);
  const [removing, setRemoving] = useState<SavedBankAccount | null>(null);
  const [removeSavedBankAccount, removal] = useRemoveSavedBankAccountMutation();
  const saved = bankDebit.savedAccounts;
  // The link button the dialog would give focus back to is gone once an account is linked: the account takes it.
  const linkedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (linked) linkedRef.current?.focus();
  }, [linked]);
  // Stripe's modal gives focus back to the page: the notice of what happens next takes it.
  const awaitingRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (awaiting) awaitingRef.current?.focus();
  }, [awaiting]);

  const onLinkOutcome = (outcome: BankLinkOutcome) => {
    switch (outcome.kind) {
      case 'linked':
        setAwaiting(null);
        setLinked(outcome.account);
        break;
      case 'awaitingMicrodeposits':
        setLinked(null);
        setAwaiting({ verificationUrl: outcome.verificationUrl, bankName: outcome.bankName, last4: outcome.last4 });
        break;
      case 'refused':
        setLinkRefusal(outcome.message);
        break;
      case 'closed':
        // The tenant closed the bank link: back to this step as it was.
        break;
    }
  };
  const bankLink = useBankLink(
    { linkWith: bankDebit.linkWith, publishableKey, connectedAccountId, accountHolderName: bankDebit.mandateParties.tenantName },
    onLinkOutcome,
  );
  const startLinking = () => {
    setLinkRefusal(null);
    bankLink.start();
  };

  const remove = async (account: SavedBankAccount) => {
    try {
      await removeSavedBankAccount(account.id).unwrap();
      showPaymentToast(`${bankAccountLabel(account)} has been removed!`, 'success');
    } catch (error) {
      showPaymentToast(refusalMessage(error) ?? MESSAGES.unexpectedError, 'error');
    }
    setRemoving(null);
  };

  return (
    <section className="pay pay--bank" aria-labelledby="pay-bank-title">
      <header className="pay__top">
        <StepHeading id="pay-bank-title" takeFocus={takeFocus}>Bank account</StepHeading>
        <p className="pay__date">
          Paying <span className="money">{formatCents(amountCents)}</span> + <span className="money">{formatCents(bankDebit.feeCents)}</span> bank fee.
          Banks usually take about {BANK_DEBIT_SETTLEMENT_BUSINESS_DAYS} business days.
        </p>
      </header>

      {methodSwitch}

      {saved.length > 0 && !linked && (
        <section className="bank-saved" aria-labelledby="bank-saved-title">
          <h2 id="bank-saved-title" className="bank-saved__title">
            Saved accounts
          </h2>
          <ul className="card bank-saved__list">
            {saved.map((account) => (
              <SavedAccountRow
                key={account.id}
                account={account}
                onChoose={() => onChosen({ kind: 'saved', savedAccountId: account.id, bankName: account.bankName, last4: account.last4 })}
                onRemove={() => setRemoving(account)}
              />
            ))}
          </ul>
        </section>
      )}

      {awaiting && (
        <div ref={awaitingRef} tabIndex={-1} className="bank-pending">
          <MicrodepositsNotice title={`${bankAccountLabel(awaiting)} needs to be verified before you can pay from it`} verificationUrl={awaiting.verificationUrl}>
            <p>
              Stripe is sending a small deposit to this account. It takes 1–2 business days to arrive. When it does, verify the account
              with the deposit’s details, then come back here to pay from it. Until then, you can pay by card.
            </p>
          </MicrodepositsNotice>
          {onUseCard && (
            <Button size="lg" fullWidth onClick={onUseCard}>
              <CreditCard aria-hidden="true" size={18} />
              Pay by card instead
            </Button>
          )}
        </div>
      )}

      {linked ? (
        <div className="card card--padding-md bank-linked">
          <p ref={linkedRef} tabIndex={-1} className="bank-linked__account">
            <Landmark aria-hidden="true" size={20} />
            <span>{bankAccountLabel(linked)}</span>
            <span className="status-pill status-pill--success">Linked</span>
          </p>
          <label className="check">
            <input type="checkbox" checked={saveForLater} onChange={(event) => setSaveForLater(event.target.checked)} />
            <span>Save this account for next time</span>
          </label>
          <Button size="lg" fullWidth onClick={() => onChosen({ kind: 'linked', ...linked, saveForLater })}>
            Review payment
          </Button>
          <Button variant="ghost" fullWidth onClick={startLinking} isLoading={bankLink.isLinking}>
            Link a different account
          </Button>
        </div>
      ) : (
        <Button
          size={saved.length > 0 || awaiting ? 'md' : 'lg'}
          variant={saved.length > 0 || awaiting ? 'secondary' : 'primary'}
          fullWidth
          onClick={startLinking}
          isLoading={bankLink.isLinking}
        >
          <Landmark aria-hidden="true" size={18} />
          {awaiting ? 'Link a different account' : 'Link a bank account'}
        </Button>
      )}

      {linkRefusal && (
        <p className="bank-link__refusal" role="alert">
          {linkRefusal}
        </p>
      )}

      <p className="pay__secure">
        <Lock aria-hidden="true" size={16} />
        Your account and routing numbers go straight to our payment processor. Rentwise never sees or stores them.
      </p>

      <Button variant="ghost" fullWidth onClick={onBack}>
        <ArrowLeft aria-hidden="true" size={18} />
        Go back
      </Button>

      {bankLink.dialog}

      <ConfirmDialog
        open={removing !== null}
        title="Remove this bank account?"
        confirmLabel="Remove account"
        isWorking={removal.isLoading}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {removing && bankAccountLabel(removing)} will no longer be offered when you pay. Payments already made from it are not affected.
        </p>
      </ConfirmDialog>
    </section>
  );
}
