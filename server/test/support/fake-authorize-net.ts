import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { resolve } from 'node:path';

/**
 * A small local stand-in for Authorize.Net's JSON API (POST /xml/v1/request.api), so that tests run
 * the official `authorizenet` SDK over real HTTP (AUTHORIZE_NET_API_BASE=fake.url). It answers:
 *   createTransactionRequest (authCaptureTransaction with opaqueData: nonces `fake-nonce-approve-*`
 *     are approved, `fake-nonce-decline-*` declined with reason 2; each nonce works once (E00114 after);
 *     the same invoice number and amount again inside the duplicate window is reason 11),
 *   refundTransaction (of a settled charge, to the card's last four with expiry XXXX, up to what is left;
 *     reason 54 before settlement) and voidTransaction (of a charge not settled: all of it; reason 16 after),
 *   getTransactionDetailsRequest, getUnsettledTransactionListRequest,
 *   getSettledBatchListRequest and getTransactionListRequest (settle() makes a batch per merchant; chargeBack()
 *     lists a settled charge as a chargeback in the next),
 *   authenticateTestRequest (keys checked as for every request),
 *   securePaymentContainerRequest (Accept.js's: a well-formed card, authenticated by the API login id
 *     and the public client key, becomes an approving nonce that charges as that card),
 * records every request body for assertions, and can swallow the answer to the next charge (the
 * transaction is made, the connection is cut: an answer lost on the way back). settle() is the nightly batch.
 *
 * For the browser tests it also serves the Accept.js stand-in (browser-stand-ins/accept-js.js) at
 * /v1/Accept.js and answers browsers' cross-origin requests (docs/decisions/0034). Started with the
 * credentials, it refuses any other.
 */
export interface FakeAnetTransaction {
  transId: string;
  invoiceNumber: string;
  amount: string;
  responseCode: '1' | '2';
  accountNumber: string;
  accountType: string;
  submitTimeUTC: string;
  description: string;
  billTo: Record<string, string>;
  /** A refund's: the charge it gives money back from. */
  refTransId?: string;
  voided?: boolean;
  /** In a settled batch (settle()): refunded from then on, never voided. */
  settled?: boolean;
  /** The API login id it was made with. */
  merchant: string;
  /** Taken back by the card holder's bank (chargeBack()): listed as a chargeback in the next batch. */
  chargedBack?: boolean;
}

/** A settled batch of one merchant: its transactions as it lists them. */
export interface FakeAnetBatch {
  batchId: string;
  merchant: string;
  settlementTimeUTC: string;
  items: { transaction: FakeAnetTransaction; status: 'settled' | 'chargeback' }[];
}

const CARD_BY_NONCE = { approve: { accountNumber: 'XXXX1111', accountType: 'Visa' }, decline: { accountNumber: 'XXXX0027', accountType: 'Visa' } };

/** The gateway's card type names, by the first digits of a card number. */
const ACCOUNT_TYPES: [RegExp, string][] = [[/^4/, 'Visa'], [/^(5[1-5]|2[2-7])/, 'MasterCard'], [/^3[47]/, 'AmericanExpress'], [/^6(011|5)/, 'Discover']];

export interface FakeAnetCredentials {
  apiLoginId: string;
  transactionKey: string;
  clientKey: string;
}

export class FakeAuthorizeNet {
  readonly requests: Record<string, Record<string, unknown>>[] = [];
  readonly transactions: FakeAnetTransaction[] = [];
  readonly batches: FakeAnetBatch[] = [];
  private readonly chargebacksToSettle: FakeAnetTransaction[] = [];
  /** API login ids whose keys it refuses (E00007), whatever they are. */
  readonly refuseLogins = new Set<string>();
  private readonly usedNonces = new Set<string>();
  /** The card each Accept.js nonce was made from, as the gateway reports it. */
  private readonly nonceCards = new Map<string, { accountNumber: string; accountType: string }>();
  private dropCharges = 0;
  private nextId = 60_000_000_001;

  private constructor(
    private readonly server: Server,
    private readonly credentials: FakeAnetCredentials | undefined,
  ) {}

  /** With `credentials`, only those authenticate (else any non-empty ones). */
  static async start(credentials?: FakeAnetCredentials): Promise<FakeAuthorizeNet> {
    const holder: { fake?: FakeAuthorizeNet } = {};
    const server = createServer((request, response) => void holder.fake!.handle(request, response));
    const fake = (holder.fake = new FakeAuthorizeNet(server, credentials));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /**
   * The nightly settlement: every approved transaction not voided nor settled is settled, in a batch
   * per merchant with the chargebacks since the last one.
   */
  settle(): void {
    const byMerchant = new Map<string, FakeAnetBatch>();
    const batchOf = (merchant: string): FakeAnetBatch => {
      let batch = byMerchant.get(merchant);
      if (!batch) {
        batch = { batchId: String(this.nextId++), merchant, settlementTimeUTC: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'), items: [] };
        byMerchant.set(merchant, batch);
      }
      return batch;
    };
    for (const made of this.transactions) {
      if (made.responseCode !== '1' || made.voided || made.settled) continue;
      made.settled = true;
      batchOf(made.merchant).items.push({ transaction: made, status: 'settled' });
    }
    for (const made of this.chargebacksToSettle.splice(0)) batchOf(made.merchant).items.push({ transaction: made, status: 'chargeback' });
    this.batches.push(...byMerchant.values());
  }

  /** The card holder's bank takes a settled charge back, all of it: listed as a chargeback in the next batch (settle()). */
  chargeBack(transId: string): void {
    const charge = this.transactions.find((made) => made.transId === transId && !made.refTransId);
    if (!charge?.settled || charge.chargedBack) throw new Error(`no settled charge ${transId} to charge back`);
    charge.chargedBack = true;
    this.chargebacksToSettle.push(charge);
  }

  /** A refund the merchant makes in Authorize.Net's own interface (not through us), of a charge then settled. */
  refundInMerchantInterface(transId: string, amountCents: number): FakeAnetTransaction {
    this.settle();
    const charge = this.transactions.find((made) => made.transId === transId)!;
    this.refundTransaction({
      refTransId: transId,
      amount: (amountCents / 100).toFixed(2),
      payment: { creditCard: { cardNumber: charge.accountNumber.slice(-4), expirationDate: 'XXXX' } },
      order: { invoiceNumber: `MI${this.nextId}` },
    });
    return this.transactions.at(-1)!;
  }

  /** The next charge is made, but its answer never arrives. */
  dropNextChargeAnswer(): void {
    this.dropCharges += 1;
  }

  requestsOf(kind: string): Record<string, unknown>[] {
    return this.requests.filter((request) => kind in request).map((request) => request[kind]);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method === 'GET' && request.url === '/v1/Accept.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end(readFileSync(resolve(__dirname, 'browser-stand-ins/accept-js.js'), 'utf8'));
      return;
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'Content-Type' });
      response.end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, Record<string, unknown>>;
    this.requests.push(body);
    const [kind] = Object.keys(body);
    const inner = body[kind];
    const auth = inner.merchantAuthentication as { name?: string; transactionKey?: string; clientKey?: string } | undefined;
    const expected = this.credentials;
    // Accept.js authenticates with the public client key; the merchant's own calls with the transaction key.
    const secret = kind === 'securePaymentContainerRequest' ? 'clientKey' : 'transactionKey';
    const authenticated = expected
      ? auth?.name === expected.apiLoginId && auth[secret] === expected[secret]
      : Boolean(auth?.name && auth[secret]) && !this.refuseLogins.has(auth!.name!);
    if (!authenticated) return this.answer(response, this.error('E00007', 'User authentication failed due to invalid authentication values.'));
    switch (kind) {
      case 'authenticateTestRequest':
        return this.answer(response, { messages: this.ok() });
      case 'securePaymentContainerRequest':
        return this.answer(response, this.nonceFor(inner));
      case 'createTransactionRequest':
        return this.createTransaction(inner, response, auth!.name!);
      case 'getTransactionDetailsRequest': {
        const found = this.transactions.find((transaction) => transaction.transId === inner.transId);
        if (!found) return this.answer(response, this.error('E00040', 'The record cannot be found.'));
        return this.answer(response, { transaction: this.details(found), messages: this.ok() });
      }
      case 'getUnsettledTransactionListRequest': {
        const rows = [...this.transactions].filter((transaction) => !transaction.settled).reverse().map((transaction) => ({
          transId: transaction.transId,
          invoiceNumber: transaction.invoiceNumber,
          transactionStatus: this.statusOf(transaction),
          submitTimeUTC: transaction.submitTimeUTC,
          settleAmount: Number(transaction.amount),
        }));
        if (rows.length === 0) return this.answer(response, { messages: { resultCode: 'Ok', message: [{ code: 'I00004', text: 'No records found.' }] } });
        return this.answer(response, { transactions: { transaction: rows }, totalNumInResultSet: rows.length, messages: this.ok() });
      }
      case 'getSettledBatchListRequest': {
        const from = new Date(String(inner.firstSettlementDate)).getTime();
        const to = new Date(String(inner.lastSettlementDate)).getTime();
        const batches = this.batches
          .filter((batch) => batch.merchant === auth!.name && new Date(batch.settlementTimeUTC).getTime() >= from && new Date(batch.settlementTimeUTC).getTime() <= to)
          .map((batch) => ({ batchId: batch.batchId, settlementTimeUTC: batch.settlementTimeUTC, settlementState: 'settledSuccessfully', paymentMethod: 'creditCard' }));
        if (batches.length === 0) return this.answer(response, { messages: { resultCode: 'Ok', message: [{ code: 'I00004', text: 'No records found.' }] } });
        return this.answer(response, { batchList: { batch: batches }, messages: this.ok() });
      }
      case 'getTransactionListRequest': {
        const batch = this.batches.find((candidate) => candidate.batchId === inner.batchId && candidate.merchant === auth!.name);
        const { limit = 1000, offset = 1 } = (inner.paging ?? {}) as { limit?: number; offset?: number };
        const rows = (batch?.items ?? []).slice((offset - 1) * limit, offset * limit).map(({ transaction, status }) => ({
          transId: transaction.transId,
          invoiceNumber: transaction.invoiceNumber,
          transactionStatus: status === 'chargeback' ? 'chargeback' : this.statusOf(transaction),
          submitTimeUTC: transaction.submitTimeUTC,
          accountType: transaction.accountType,
          accountNumber: transaction.accountNumber,
          settleAmount: Number(transaction.amount),
        }));
        if (rows.length === 0) return this.answer(response, { messages: { resultCode: 'Ok', message: [{ code: 'I00004', text: 'No records found.' }] } });
        return this.answer(response, { transactions: { transaction: rows }, totalNumInResultSet: batch!.items.length, messages: this.ok() });
      }
      default:
        return this.answer(response, this.error('E00003', `Unknown request ${kind}`));
    }
  }

  private createTransaction(inner: Record<string, unknown>, response: ServerResponse, merchant: string): void {
    const transaction = inner.transactionRequest as Record<string, unknown>;
    if (transaction.transactionType === 'refundTransaction') return this.answer(response, this.refundTransaction(transaction));
    if (transaction.transactionType === 'voidTransaction') return this.answer(response, this.voidTransaction(transaction));
    const payment = transaction.payment as { opaqueData?: { dataValue?: string }; creditCard?: unknown };
    const order = (transaction.order ?? {}) as { invoiceNumber?: string; description?: string };
    if (payment.creditCard) return this.answer(response, this.error('E00003', 'Card data is refused by this fake: nonces only.'));
    const nonce = payment.opaqueData?.dataValue ?? '';
    const outcome = nonce.startsWith('fake-nonce-approve') ? 'approve' : nonce.startsWith('fake-nonce-decline') ? 'decline' : null;
    const duplicate = this.transactions.find((made) => made.invoiceNumber === order.invoiceNumber && made.amount === transaction.amount);
    if (duplicate) return this.answer(response, this.transactionAnswer('3', null, { errorCode: '11', errorText: 'A duplicate transaction has been submitted.' }));
    if (!outcome || this.usedNonces.has(nonce)) return this.answer(response, this.error('E00114', 'Invalid OTS Token.'));
    this.usedNonces.add(nonce);
    const made: FakeAnetTransaction = {
      transId: String(this.nextId++),
      invoiceNumber: order.invoiceNumber ?? '',
      amount: String(transaction.amount),
      responseCode: outcome === 'approve' ? '1' : '2',
      ...(this.nonceCards.get(nonce) ?? CARD_BY_NONCE[outcome]),
      submitTimeUTC: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      description: order.description ?? '',
      billTo: (transaction.billTo ?? {}) as Record<string, string>,
      merchant,
    };
    this.transactions.push(made);
    if (outcome === 'approve' && this.dropCharges > 0) {
      this.dropCharges -= 1;
      response.socket?.destroy();
      return;
    }
    return this.answer(
      response,
      outcome === 'approve'
        ? this.transactionAnswer('1', made)
        : this.transactionAnswer('2', made, { errorCode: '2', errorText: 'This transaction has been declined.' }),
    );
  }

  /** A refund of a settled charge of ours, to the card it names by its last four digits. */
  private refundTransaction(transaction: Record<string, unknown>): object {
    const refused = (errorCode: string, errorText: string) => this.transactionAnswer('3', null, { errorCode, errorText });
    const order = (transaction.order ?? {}) as { invoiceNumber?: string };
    const card = (transaction.payment as { creditCard?: { cardNumber?: string; expirationDate?: string } } | undefined)?.creditCard;
    const charge = this.transactions.find((made) => made.transId === transaction.refTransId && !made.refTransId);
    if (!charge || charge.responseCode !== '1' || charge.voided || !charge.settled) {
      return refused('54', 'The referenced transaction does not meet the criteria for issuing a credit.');
    }
    if (!card || card.cardNumber !== charge.accountNumber.slice(-4) || card.expirationDate !== 'XXXX') return refused('6', 'The credit card number is invalid.');
    const duplicate = this.transactions.find((made) => made.refTransId && made.invoiceNumber === order.invoiceNumber && made.amount === transaction.amount);
    if (duplicate) return refused('11', 'A duplicate transaction has been submitted.');
    const refunded = this.transactions.filter((made) => made.refTransId === charge.transId).reduce((sum, made) => sum + Number(made.amount), 0);
    const amount = Number(transaction.amount);
    if (!(amount > 0) || Math.round((refunded + amount) * 100) > Math.round(Number(charge.amount) * 100)) {
      return refused('55', 'The sum of credits against the referenced transaction would exceed original debit amount.');
    }
    const made: FakeAnetTransaction = {
      ...charge,
      transId: String(this.nextId++),
      invoiceNumber: order.invoiceNumber ?? '',
      amount: String(transaction.amount),
      submitTimeUTC: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      description: 'refund',
      refTransId: charge.transId,
      settled: false,
    };
    this.transactions.push(made);
    return this.transactionAnswer('1', made);
  }

  private voidTransaction(transaction: Record<string, unknown>): object {
    const charge = this.transactions.find((made) => made.transId === transaction.refTransId);
    if (!charge || charge.responseCode !== '1' || charge.settled) {
      return this.transactionAnswer('3', null, { errorCode: '16', errorText: 'The transaction cannot be found.' });
    }
    charge.voided = true;
    return this.transactionAnswer('1', charge);
  }

  /** The reporting API's transactionStatus. */
  private statusOf(made: FakeAnetTransaction): string {
    if (made.responseCode !== '1') return 'declined';
    if (made.voided) return 'voided';
    if (made.refTransId) return made.settled ? 'refundSettledSuccessfully' : 'refundPendingSettlement';
    return made.settled ? 'settledSuccessfully' : 'capturedPendingSettlement';
  }

  /** Accept.js's request: a nonce for a well-formed card, remembered with the card's type and last digits. */
  private nonceFor(inner: Record<string, unknown>): object {
    const data = inner.data as { type?: string; token?: { cardNumber?: string; expirationDate?: string; cardCode?: string } } | undefined;
    const token = data?.type === 'TOKEN' ? data.token : undefined;
    const cardNumber = token?.cardNumber ?? '';
    if (!/^\d{13,19}$/.test(cardNumber) || !/^(0[1-9]|1[0-2])\d{4}$/.test(token?.expirationDate ?? '') || !/^\d{3,4}$/.test(token?.cardCode ?? '000')) {
      return this.error('E00003', 'The card data is not valid.');
    }
    const dataValue = `fake-nonce-approve-${randomBytes(12).toString('hex')}`;
    const accountType = ACCOUNT_TYPES.find(([prefix]) => prefix.test(cardNumber))?.[1] ?? 'Visa';
    this.nonceCards.set(dataValue, { accountNumber: `XXXX${cardNumber.slice(-4)}`, accountType });
    return {
      opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue },
      messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] },
    };
  }

  private transactionAnswer(responseCode: string, made: FakeAnetTransaction | null, error?: { errorCode: string; errorText: string }): object {
    return {
      transactionResponse: {
        responseCode,
        transId: made?.transId ?? '0',
        accountNumber: made?.accountNumber,
        accountType: made?.accountType,
        ...(error ? { errors: { error: [error] } } : { messages: { message: [{ code: '1', description: 'This transaction has been approved.' }] } }),
      },
      messages: error ? { resultCode: 'Error', message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }] } : this.ok(),
    };
  }

  private details(made: FakeAnetTransaction): object {
    return {
      transId: made.transId,
      submitTimeUTC: made.submitTimeUTC,
      transactionType: made.refTransId ? 'refundTransaction' : 'authCaptureTransaction',
      transactionStatus: this.statusOf(made),
      ...(made.refTransId ? { refTransId: made.refTransId } : {}),
      responseCode: Number(made.responseCode),
      responseReasonCode: made.responseCode === '1' ? 1 : 2,
      authAmount: Number(made.amount),
      settleAmount: Number(made.amount),
      order: { invoiceNumber: made.invoiceNumber, description: made.description },
      payment: { creditCard: { cardNumber: made.accountNumber, cardType: made.accountType } },
    };
  }

  private ok(): object {
    return { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };
  }

  private error(code: string, text: string): object {
    return { messages: { resultCode: 'Error', message: [{ code, text }] } };
  }

  private answer(response: ServerResponse, body: object): void {
    // Access-Control-Allow-Origin: Accept.js calls the API from the page's origin.
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Access-Control-Allow-Origin': '*' });
    // The real API starts its JSON with a byte-order mark.
    response.end(`\uFEFF${JSON.stringify(body)}`);
  }
}
