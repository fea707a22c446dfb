import { useState, type ReactNode } from 'react';
import { SandboxBankLink } from './SandboxBankLink';
import { type StripeBankLinkOutcome, useStripeBankLink } from './useStripeBankLink';

/** What the page needs to link an account: as the payment setup and the autopay view give it. */
export interface BankLinkSetup {
  linkWith: 'sandbox' | 'stripe';
  /** Stripe.js's key (linkWith 'stripe'). */
  publishableKey: string | null;
  /** The landlord's connected account, where the account is linked. */
  connectedAccountId: string | null;
  /** The account holder: the signed-in tenant. */
  accountHolderName: string;
}

/** The sandbox's stand-in ends linked or closed; Stripe's link can end any of these ways. */
export type BankLinkOutcome = StripeBankLinkOutcome;

/**
 * Linking a bank account through the provider's bank link, the same on the payment screen and the
 * autopay page: Stripe's Financial Connections with keys, the sandbox's stand-in dialog without.
 * `start` opens it and `onOutcome` hears how it ended. Render `dialog` once on the page (the
 * sandbox's; null with Stripe, whose modal is its own). Account and routing numbers go to the
 * provider, never to our API.
 */
export function useBankLink(setup: BankLinkSetup, onOutcome: (outcome: BankLinkOutcome) => void) {
  const [sandboxOpen, setSandboxOpen] = useState(false);
  const stripeBankLink = useStripeBankLink(setup);

  const start = () => {
    if (setup.linkWith === 'sandbox') setSandboxOpen(true);
    else void stripeBankLink.link().then(onOutcome);
  };

  const dialog: ReactNode =
    setup.linkWith === 'sandbox' ? (
      <SandboxBankLink
        open={sandboxOpen}
        connectedAccountId={setup.connectedAccountId}
        accountHolderName={setup.accountHolderName}
        onLinked={(account) => {
          setSandboxOpen(false);
          onOutcome({ kind: 'linked', account });
        }}
        onClose={() => {
          setSandboxOpen(false);
          onOutcome({ kind: 'closed' });
        }}
      />
    ) : null;

  return { start, isLinking: stripeBankLink.isLinking, dialog };
}
