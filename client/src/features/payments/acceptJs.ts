import { MESSAGES } from '@rentwise/libs/messages';
import type { AuthorizeNetSetup } from './paymentsApi';

export interface CardData {
  cardNumber: string;
  month: string;
  year: string;
  cardCode: string;
}

/** Accept.js's answer: a single-use payment nonce, or its messages. */
interface AcceptAnswer {
  opaqueData?: { dataDescriptor: string; dataValue: string };
  messages?: { resultCode?: string; message?: { code: string; text: string }[] };
}

/** What Accept.js's dispatchData takes: the landlord's public keys and the card. */
interface SecureData {
  authData: { clientKey: string; apiLoginID: string };
  cardData: CardData;
}

interface AcceptGlobal {
  dispatchData(secureData: SecureData, callback: (answer: AcceptAnswer) => void): void;
}

export type Nonce = { dataDescriptor: string; dataValue: string };

let acceptJs: Promise<AcceptGlobal> | null = null;

/** Accept.js loads only when a tenant of an Authorize.Net landlord reaches the card step. */
function loadAcceptJs(scriptUrl: string): Promise<AcceptGlobal> {
  acceptJs ??= new Promise<AcceptGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.charset = 'utf-8';
    script.onload = () => {
      const accept = (window as unknown as { Accept?: AcceptGlobal }).Accept;
      if (accept) resolve(accept);
      else reject(new Error('Accept.js loaded without Accept'));
    };
    script.onerror = () => {
      acceptJs = null;
      reject(new Error('Accept.js did not load'));
    };
    document.head.appendChild(script);
  });
  return acceptJs;
}

function nonceOf(answer: AcceptAnswer): Nonce | string {
  if (answer.messages?.resultCode === 'Ok' && answer.opaqueData) return answer.opaqueData;
  // Spec section 8: whatever the gateway says about the card, the tenant reads one message.
  return MESSAGES.gatewayError;
}

/**
 * Sends the card to the gateway's own tokenizer (never to our API) and answers its nonce, or the
 * message to show: 'Error. Check your card information.' when the gateway refused it, 'Please
 * refresh and try again.' when no answer came.
 */
export async function tokenizeCard(setup: AuthorizeNetSetup, card: CardData): Promise<Nonce | string> {
  // The landlord's own merchant account: its login id and public client key, in the sandbox too.
  const secureData: SecureData = { authData: { clientKey: setup.clientKey!, apiLoginID: setup.apiLoginId! }, cardData: card };
  if (setup.kind === 'sandbox') {
    let response: Response;
    try {
      response = await fetch(setup.tokenizerUrl!, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'omit',
        // The sandbox's tokenizer takes what Accept.js would send, so it checks the keys the same way.
        body: JSON.stringify(secureData),
      });
    } catch {
      return MESSAGES.noGatewayResponse;
    }
    if (response.status >= 500) return MESSAGES.noGatewayResponse;
    return nonceOf((await response.json().catch(() => ({}))) as AcceptAnswer);
  }
  try {
    const accept = await loadAcceptJs(setup.scriptUrl!);
    const answer = await new Promise<AcceptAnswer>((resolve) =>
      accept.dispatchData(secureData, resolve),
    );
    return nonceOf(answer);
  } catch {
    return MESSAGES.noGatewayResponse;
  }
}
