import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ArrowLeft, ChevronRight, FlaskConical, Landmark, X } from 'lucide-react';
import { MESSAGES } from '@rentwise/libs/messages';
import {
  SANDBOX_MICRODEPOSIT_CODES,
  SANDBOX_ROUTING_NUMBER,
  SANDBOX_TEST_BANK_ACCOUNTS,
} from '@rentwise/libs/sandbox-bank-accounts';
import type { LinkedBankAccount } from './bankAccount';
import { Button } from './Button';
import { TextField } from './TextField';
import './bank-link.css';

/** The sandbox's stand-in for Stripe's bank link (Financial Connections): development only, never under /api. */
export const SANDBOX_BANK_ACCOUNTS_URL = '/sandbox/v1/bank_accounts';

interface SandboxBankAccount {
  id?: string;
  bankName?: string;
  last4?: string;
  verification?: 'verified' | 'pending';
}

/** A refusal's words: `{ message }` as Stripe's, or the product's `{ status: 'error', error }` that the server's filter sends. */
function refusalOf(answer: unknown): string | undefined {
  const { message, error } = (answer ?? {}) as { message?: unknown; error?: unknown };
  if (typeof message === 'string') return message;
  if (typeof error === 'string') return error;
  const nested = (error as { message?: unknown } | undefined)?.message;
  return typeof nested === 'string' ? nested : undefined;
}

type Answer = { ok: true; account: SandboxBankAccount } | { ok: false; message: string };

/** Posts to the sandbox provider as a provider page would: no cookie, no CSRF header, nothing of our API. */
async function postToSandbox(url: string, body: object): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'omit',
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: MESSAGES.noGatewayResponse };
  }
  const answer = (await response.json().catch(() => ({}))) as SandboxBankAccount;
  if (!response.ok) return { ok: false, message: refusalOf(answer) ?? MESSAGES.gatewayError };
  if (!answer.id) return { ok: false, message: MESSAGES.bankAccountNotLinked };
  return { ok: true, account: answer };
}

const linkedOf = (account: SandboxBankAccount): LinkedBankAccount => ({
  paymentMethodId: account.id ?? '',
  bankName: account.bankName ?? 'Bank account',
  last4: account.last4 ?? '',
});

type Stage = 'banks' | 'accounts' | 'manual' | 'microdeposits';

interface SandboxBankLinkProps {
  open: boolean;
  /** The landlord's connected account, as Stripe's link is made on it. */
  connectedAccountId: string | null;
  /** The account holder for an instantly verified test account: the signed-in tenant. */
  accountHolderName: string;
  onLinked: (account: LinkedBankAccount) => void;
  onClose: () => void;
}

const MICRODEPOSIT_CODE_LENGTH = 6;
const VERIFYING_CODE = Object.keys(SANDBOX_MICRODEPOSIT_CODES)[0];

/**
 * Linking a bank account in the sandbox, laid out as Stripe's bank link modal is: "Test Institution"
 * with Stripe's test accounts (verified at once), or the account entered by hand and verified with the
 * code of a microdeposit. Account and routing numbers go to the sandbox provider only; the page gets
 * back a payment method id, the bank's name and the last four digits.
 */
export function SandboxBankLink({ open, connectedAccountId, accountHolderName, onLinked, onClose }: SandboxBankLinkProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [stage, setStage] = useState<Stage>('banks');
  const [chosenTestAccount, setChosenTestAccount] = useState(SANDBOX_TEST_BANK_ACCOUNTS[0].accountNumber);
  const [manual, setManual] = useState({ accountHolderName, routingNumber: '', accountNumber: '' });
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<SandboxBankAccount | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setStage('banks');
      setRefusal(null);
      setCode('');
      setPending(null);
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  // Each stage's title takes focus, so a keyboard or screen reader starts where the new content does.
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (open) titleRef.current?.focus();
  }, [open, stage]);

  const goTo = (next: Stage) => {
    setRefusal(null);
    setStage(next);
  };

  const link = async (body: object, after: (account: SandboxBankAccount) => void, url = SANDBOX_BANK_ACCOUNTS_URL) => {
    if (working) return;
    setWorking(true);
    setRefusal(null);
    const answer = await postToSandbox(url, { account: connectedAccountId, ...body });
    setWorking(false);
    if (answer.ok) after(answer.account);
    else setRefusal(answer.message);
  };

  const linkTestAccount = (event: FormEvent) => {
    event.preventDefault();
    void link(
      { accountHolderName, routingNumber: SANDBOX_ROUTING_NUMBER, accountNumber: chosenTestAccount, verification: 'instant' },
      (account) => onLinked(linkedOf(account)),
    );
  };

  const linkByHand = (event: FormEvent) => {
    event.preventDefault();
    void link({ ...manual, verification: 'microdeposits' }, (account) => {
      if (account.verification === 'verified') return onLinked(linkedOf(account));
      setPending(account);
      goTo('microdeposits');
    });
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    if (!pending?.id) return;
    void link({ code: code.trim().toUpperCase() }, (account) => onLinked(linkedOf(account)), `${SANDBOX_BANK_ACCOUNTS_URL}/${encodeURIComponent(pending.id)}/verify_microdeposits`);
  };

  const refusalNote = refusal && (
    <p className="bank-link__refusal" role="alert">
      {refusal}
    </p>
  );

  return (
    <dialog
      ref={dialogRef}
      className="bank-link"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!working) onClose();
      }}
    >
      {open && (
        <div className="bank-link__panel">
          <header className="bank-link__header">
            {stage !== 'banks' ? (
              <button type="button" className="bank-link__icon-button" onClick={() => goTo(stage === 'microdeposits' ? 'manual' : 'banks')} aria-label="Back" disabled={working}>
                <ArrowLeft aria-hidden="true" size={20} />
              </button>
            ) : (
              <span className="bank-link__icon-spacer" />
            )}
            <p className="sandbox-badge">
              <FlaskConical aria-hidden="true" size={16} />
              Sandbox — test accounts only
            </p>
            <button type="button" className="bank-link__icon-button" onClick={onClose} aria-label="Close" disabled={working}>
              <X aria-hidden="true" size={20} />
            </button>
          </header>

          {stage === 'banks' && (
            <div className="bank-link__body">
              <h2 id={titleId} ref={titleRef} tabIndex={-1} className="bank-link__title">
                Select your bank
              </h2>
              <p className="bank-link__text">Link the account rent is paid from. Rentwise only ever sees the bank’s name and the last four digits.</p>
              <ul className="bank-link__banks">
                <li>
                  <button type="button" className="row-button bank-link__bank" onClick={() => goTo('accounts')}>
                    <span className="bank-link__bank-logo">
                      <Landmark aria-hidden="true" size={20} />
                    </span>
                    <span className="bank-link__bank-name">Test Institution</span>
                    <ChevronRight aria-hidden="true" size={18} />
                  </button>
                </li>
              </ul>
              <button type="button" className="bank-link__manual" onClick={() => goTo('manual')}>
                Enter bank details manually instead
              </button>
            </div>
          )}

          {stage === 'accounts' && (
            <form className="bank-link__body" onSubmit={linkTestAccount}>
              <h2 id={titleId} ref={titleRef} tabIndex={-1} className="bank-link__title">
                Test Institution
              </h2>
              <fieldset className="bank-link__accounts">
                <legend className="bank-link__text">Choose the account to link. Each test account ends the payment its own way.</legend>
                {SANDBOX_TEST_BANK_ACCOUNTS.map((account) => (
                  <label key={account.accountNumber} className="bank-link__account">
                    <input
                      type="radio"
                      name="sandbox-test-account"
                      value={account.accountNumber}
                      checked={chosenTestAccount === account.accountNumber}
                      onChange={() => setChosenTestAccount(account.accountNumber)}
                    />
                    <span>
                      <span className="bank-link__account-label">{account.label}</span>
                      <span className="bank-link__account-number">••••{account.accountNumber.slice(-4)}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
              {refusalNote}
              <Button type="submit" size="lg" fullWidth isLoading={working}>
                Link account
              </Button>
            </form>
          )}

          {stage === 'manual' && (
            <form className="bank-link__body" onSubmit={linkByHand} noValidate>
              <h2 id={titleId} ref={titleRef} tabIndex={-1} className="bank-link__title">
                Enter bank details
              </h2>
              <p className="bank-link__text">
                We’ll send a small deposit to this account; its description holds a code you’ll enter next. Test routing number {SANDBOX_ROUTING_NUMBER}.
              </p>
              <TextField
                label="Routing number"
                inputMode="numeric"
                autoComplete="off"
                maxLength={9}
                value={manual.routingNumber}
                onChange={(event) => setManual({ ...manual, routingNumber: event.target.value.replace(/\D/g, '') })}
              />
              <TextField
                label="Account number"
                inputMode="numeric"
                autoComplete="off"
                maxLength={17}
                value={manual.accountNumber}
                onChange={(event) => setManual({ ...manual, accountNumber: event.target.value.replace(/\D/g, '') })}
              />
              <TextField
                label="Account holder name"
                autoComplete="name"
                value={manual.accountHolderName}
                onChange={(event) => setManual({ ...manual, accountHolderName: event.target.value })}
              />
              {refusalNote}
              <Button type="submit" size="lg" fullWidth isLoading={working}>
                Continue
              </Button>
            </form>
          )}

          {stage === 'microdeposits' && (
            <form className="bank-link__body" onSubmit={verify} noValidate>
              <h2 id={titleId} ref={titleRef} tabIndex={-1} className="bank-link__title">
                Enter the deposit code
              </h2>
              <p className="bank-link__text">
                A $0.01 deposit was sent to the account ending in {pending?.last4}. Its description starts with SM: enter the 6 characters
                (test mode: {VERIFYING_CODE} verifies).
              </p>
              <TextField
                label="6-character code"
                autoComplete="one-time-code"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={MICRODEPOSIT_CODE_LENGTH}
                value={code}
                onChange={(event) => setCode(event.target.value.toUpperCase())}
              />
              {refusalNote}
              <Button type="submit" size="lg" fullWidth isLoading={working} disabled={code.trim().length !== MICRODEPOSIT_CODE_LENGTH}>
                Verify account
              </Button>
            </form>
          )}
        </div>
      )}
    </dialog>
  );
}
