import { useState, type ReactNode } from 'react';
import { MESSAGES } from '@rentwise/libs/messages';
import { refusalMessage } from '../../app/apiError';
import type { AutopayView } from '../../app/tenantAutopayApi';
import { bankAccountLabel, type LinkedBankAccount } from '../../components/bankAccount';
import { MicrodepositsNotice } from '../../components/MicrodepositsNotice';
import { showToast } from '../../components/toastStore';
import { type BankLinkOutcome, useBankLink } from '../../components/useBankLink';
import { type SavedBankAccount, useSaveBankAccountMutation } from './autopayApi';

/**
 * Linking a bank account on the autopay page, through the same bank link as the payment screen, and
 * saving it at once (autopay pays only from a saved account). `onSaved` hears the account the server
 * saved. Render `dialog` outside any form (the sandbox's stand-in has forms of its own) and `notice`
 * beside the button: why the link failed, or the deposit a hand-entered account waits for.
 */
export function useLinkBankAccount(bankLink: NonNullable<AutopayView['bankLink']>, accountHolderName: string, onSaved?: (account: SavedBankAccount) => void) {
  const [saveBankAccount, { isLoading: isSaving }] = useSaveBankAccountMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [awaiting, setAwaiting] = useState<{ title: string; verificationUrl: string } | null>(null);

  async function save(account: LinkedBankAccount) {
    try {
      const saved = await saveBankAccount({ paymentMethodId: account.paymentMethodId }).unwrap();
      showToast(`${bankAccountLabel(saved)} is saved.`, { tone: 'success' });
      onSaved?.(saved);
    } catch (error) {
      setRefusal(refusalMessage(error) ?? MESSAGES.unexpectedError);
    }
  }

  const onOutcome = (outcome: BankLinkOutcome) => {
    if (outcome.kind === 'linked') {
      setAwaiting(null);
      void save(outcome.account);
    } else if (outcome.kind === 'awaitingMicrodeposits') {
      setAwaiting({ title: `${bankAccountLabel(outcome)} needs to be verified before autopay can use it`, verificationUrl: outcome.verificationUrl });
    } else if (outcome.kind === 'refused') {
      setRefusal(outcome.message);
    }
  };
  const link = useBankLink({ ...bankLink, accountHolderName }, onOutcome);

  const notice: ReactNode = (
    <>
      {awaiting && (
        <MicrodepositsNotice title={awaiting.title} verificationUrl={awaiting.verificationUrl}>
          <p>
            Stripe is sending a small deposit to this account. It takes 1–2 business days to arrive. When it does, verify the account with
            the deposit’s details: it is then saved for you and shows here, ready for autopay.
          </p>
        </MicrodepositsNotice>
      )}
      {refusal && (
        <p className="bank-link__refusal" role="alert">
          {refusal}
        </p>
      )}
    </>
  );

  return {
    start: () => {
      setRefusal(null);
      link.start();
    },
    isWorking: link.isLinking || isSaving,
    dialog: link.dialog,
    notice,
  };
}
