import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowLeft, ChevronRight, Landmark, Lock, Trash2 } from 'lucide-react';
import { BANK_DEBIT_SETTLEMENT_BUSINESS_DAYS } from '@rentwise/libs/bank-debits';
import { MESSAGES } from '@rentwise/libs/messages';
import { formatCents } from '@rentwise/libs/money';
import { refusalMessage } from '../../app/apiError';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { bankAccountLabel, type ChosenBankAccount, type LinkedBankAccount } from './bankAccount';
import { useRemoveSavedBankAccountMutation, type BankDebitSetup, type SavedBankAccount } from './paymentsApi';
import { showPaymentToast } from './paymentToast';
import { SandboxBankLink } from './SandboxBankLink';
import { StepHeading } from './StepHeading';

interface BankAccountStepProps {
  bankDebit: BankDebitSetup;
  connectedAccountId: string | null;
  amountCents: number;
  onChosen: (bankAccount: ChosenBankAccount) => void;
  onBack: () => void;
  takeFocus: boolean;
  /** Card or Bank account, to go back to the card. */
  methodSwitch?: ReactNode;
}

/** A saved account: choosing it goes to the confirmation; removing it asks first. */
function SavedAccountRow({ account, onChoose, onRemove }: { account: SavedBankAccount; onChoose: () => void; onRemove: () => void }) {
  const label = bankAccountLabel(account);
  return (
    <li className="bank-saved__row">
      <button type="button" className="bank-saved__choose" onClick={onChoose}>
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
 * Step 2 for a bank debit: a saved account, or one linked now through the provider's bank link (the
 * sandbox's stand-in without keys). Account and routing numbers go to the provider, never to our API.
 */
export function BankAccountStep({ bankDebit, connectedAccountId, amountCents, onChosen, onBack, takeFocus, methodSwitch }: BankAccountStepProps) {
  const [linking, setLinking] = useState(false);
  const [linked, setLinked] = useState<LinkedBankAccount | null>(null);
  const [saveForLater, setSaveForLater] = useState(false);
  const [removing, setRemoving] = useState<SavedBankAccount | null>(null);
  const [removeSavedBankAccount, removal] = useRemoveSavedBankAccountMutation();
  const saved = bankDebit.savedAccounts;
  // The link button the dialog would give focus back to is gone once an account is linked: the account takes it.
  const linkedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (linked) linkedRef.current?.focus();
  }, [linked]);

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
          <Button variant="ghost" fullWidth onClick={() => setLinking(true)}>
            Link a different account
          </Button>
        </div>
      ) : (
        <Button size={saved.length > 0 ? 'md' : 'lg'} variant={saved.length > 0 ? 'secondary' : 'primary'} fullWidth onClick={() => setLinking(true)}>
          <Landmark aria-hidden="true" size={18} />
          Link a bank account
        </Button>
      )}

      <p className="pay__secure">
        <Lock aria-hidden="true" size={16} />
        Your account and routing numbers go straight to our payment processor. Rentwise never sees or stores them.
      </p>

      <Button variant="ghost" fullWidth onClick={onBack}>
        <ArrowLeft aria-hidden="true" size={18} />
        Go back
      </Button>

      {bankDebit.linkWith === 'sandbox' && (
        <SandboxBankLink
          open={linking}
          connectedAccountId={connectedAccountId}
          accountHolderName={bankDebit.mandateParties.tenantName}
          onLinked={(account) => {
            setLinked(account);
            setLinking(false);
          }}
          onClose={() => setLinking(false)}
        />
      )}
      {/* linkWith 'stripe': Stripe.js collectBankAccountForPayment (Financial Connections) goes here once the server creates its sessions. */}

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
