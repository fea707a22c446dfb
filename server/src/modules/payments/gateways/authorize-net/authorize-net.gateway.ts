import { Injectable, Logger } from '@nestjs/common';
import { createRequire } from 'node:module';
import { AppConfig } from '../../../../infrastructure/config/app-config';
import { CardDeclined, PaymentGatewayError, ProviderObjectNotFound } from '../../../../infrastructure/providers/provider-errors';
import { GatewayEvent } from '../../../../infrastructure/inbox/provider-events';
import { verifyAuthorizeNetEvent } from './authorize-net-events';
import {
  ChargeNonce,
  AuthorizeNetCredentials,
  AuthorizeNetGateway,
  AuthorizeNetMerchants,
  AuthorizeNetClientSetup,
  AuthorizeNetTransaction,
  AuthorizeNetTransactionStatus,
  AuthorizeNetBatchStatus,
  AuthorizeNetBatchTransaction,
  AuthorizeNetSettledBatch,
  merchantAccountOf,
  RefundTransaction,
} from '../authorize-net-gateway.port';

// The official SDK ships no types: what we use of it, loosely.
/* eslint-disable @typescript-eslint/no-explicit-any */
const sdkRequire = createRequire(require.resolve('authorizenet'));
const { APIContracts: Contracts, APIControllers: Controllers, Constants } = sdkRequire('authorizenet') as {
  APIContracts: Record<string, any>;
  APIControllers: Record<string, any>;
  Constants: { endpoint: { sandbox: string; production: string } };
};
// The SDK makes a winston logger per object it builds and keeps each in winston's container.
const sdkWinston = sdkRequire('winston') as { loggers: { loggers: Map<string, unknown> } };
/** The SDK's answers are plain JSON in the gateway's own shapes. */
type Loose = Record<string, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

const ACCEPT_JS = {
  sandbox: 'https://jstest.authorize.net/v1/Accept.js',
  production: 'https://js.authorize.net/v1/Accept.js',
};

/** No answer within this is no answer: the attempt stays pending and its retry looks the transaction up. */
const CALL_TIMEOUT_MS = 20_000;
/** Identical transactions inside this window are refused by the gateway as duplicates (reason 11). */
const DUPLICATE_WINDOW_SECONDS = 600;

/** The response codes of a transaction answer (1 approved, 2 declined, 3 error, 4 held for review). */
const RESPONSE_CODES: Record<string, AuthorizeNetTransactionStatus> = { '1': 'approved', '2': 'declined', '3': 'error', '4': 'held' };

interface AnetMessages {
  resultCode?: string;
  message?: { code?: string; text?: string }[] | { code?: string; text?: string };
}

const firstMessage = (messages: AnetMessages | undefined): { code: string; text: string } => {
  const list = messages?.message;
  const first = Array.isArray(list) ? list[0] : list;
  return { code: first?.code ?? 'unknown', text: first?.text ?? 'no message' };
};

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

const cents = (amount: unknown): number => Math.round(Number(amount) * 100);

/** 'XXXX1111' -> '1111'; 'Visa' -> 'visa', 'MasterCard' -> 'mastercard', 'AmericanExpress' -> 'amex'. */
function cardOf(accountNumber: unknown, accountType: unknown): AuthorizeNetTransaction['card'] {
  const last4 = typeof accountNumber === 'string' ? (/(\d{4})$/.exec(accountNumber)?.[1] ?? null) : null;
  const type = typeof accountType === 'string' ? accountType.toLowerCase().replace(/\s/g, '') : null;
  const brand = type === 'americanexpress' ? 'amex' : type;
  return { brand, last4 };
}

/** A createTransaction answer: its transaction response, status and reason. */
function transactionAnswerOf(answer: Record<string, unknown>): {
  transaction: Loose;
  status: AuthorizeNetTransactionStatus;
  reasonCode: string | null;
  reasonText: string | null;
} {
  const transaction = (answer.transactionResponse ?? {}) as Loose;
  const error = asArray(transaction.errors?.error)[0] as { errorCode?: string; errorText?: string } | undefined;
  return {
    transaction,
    status: RESPONSE_CODES[String(transaction.responseCode)] ?? 'error',
    reasonCode: error?.errorCode ?? asArray(transaction.messages?.message)[0]?.code ?? null,
    reasonText: error?.errorText ?? asArray(transaction.messages?.message)[0]?.description ?? null,
  };
}

/** A transactionStatus of the reporting API in the port's words. */
function statusOfReported(status: string | undefined): AuthorizeNetTransactionStatus {
  switch (status) {
    case 'capturedPendingSettlement':
    case 'settledSuccessfully':
    case 'refundPendingSettlement':
    case 'refundSettledSuccessfully':
      return 'approved';
    case 'declined':
      return 'declined';
    case 'voided':
    case 'expired':
      return 'voided';
    case 'FDSPendingReview':
    case 'FDSAuthorizedPendingReview':
    case 'underReview':
      return 'held';
    default:
      return 'error';
  }
}

/** A transactionStatus of a settled batch's transaction in the port's words. */
function batchStatusOf(status: string | undefined): AuthorizeNetBatchStatus {
  switch (status) {
    case 'settledSuccessfully':
    case 'refundSettledSuccessfully':
      return 'settled';
    case 'chargeback':
      return 'chargeback';
    case 'chargebackReversal':
      return 'chargeback_reversal';
    case 'returnedItem':
      return 'returned_item';
    default:
      return 'other';
  }
}

/** The reporting API's dates: UTC, to the second. */
const reportingDate = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Rows per page of the transaction list (its maximum). */
const LIST_PAGE_SIZE = 1000;

/** Calls the gateway's API through the official SDK: one endpoint, one configuration, for every merchant account. */
class AuthorizeNetApiClient {
  private readonly logger = new Logger(AuthorizeNetApi.name);
  private readonly sdkConfig = {
    timeout: CALL_TIMEOUT_MS,
    clientId: 'rentwise',
    // Its file logger would write requests (masked, but still) to the working directory.
    logger: { enabled: false, location: './', level: 'error' },
    proxy: { setProxy: false, proxyUrl: '' },
  };

  constructor(private readonly endpoint: string) {}

  /**
   * One SDK call as a promise. The SDK calls back only on an answer; on a network error or timeout it
   * only stores the error, so that is watched for too. Every failure becomes the port's error.
   */
  async call(
    controllerName: string,
    request: { getJSON(): unknown },
    what: string,
    okCodes: readonly string[] = [],
  ): Promise<Record<string, unknown>> {
    const before = new Set(sdkWinston.loggers.loggers.keys());
    const controller = new Controllers[controllerName](request.getJSON(), this.sdkConfig);
    controller.setEnvironment(this.endpoint);
    try {
      const raw = await new Promise<unknown>((resolve, reject) => {
        const deadline = Date.now() + CALL_TIMEOUT_MS + 5_000;
        const watch = setInterval(() => {
          const error: unknown = controller.getError();
          if (error || Date.now() > deadline) {
            clearInterval(watch);
            reject(error ?? new Error('no answer'));
          }
        }, 20);
        controller.execute(() => {
          clearInterval(watch);
          resolve(controller.getResponse());
        });
      });
      // The real gateway starts its JSON with a byte-order mark, which leaves the body a string.
      const answer = (typeof raw === 'string' ? JSON.parse(raw.replace(/^\uFEFF/, '')) : raw) as Record<string, unknown>;
      const messages = answer.messages as AnetMessages | undefined;
      if (messages?.resultCode !== 'Ok' && !('transactionResponse' in answer && answer.transactionResponse)) {
        const { code, text } = firstMessage(messages);
        if (!okCodes.includes(code)) throw new PaymentGatewayError(`Authorize.Net refused to ${what}: ${code} ${text}`, { code });
      }
      return answer;
    } catch (error) {
      if (error instanceof PaymentGatewayError) throw error;
      this.logger.warn({ what, reason: error instanceof Error ? error.message : String(error) }, 'Authorize.Net did not answer');
      throw new PaymentGatewayError(`Authorize.Net did not answer to ${what}`, { code: 'no_answer', retryable: true, cause: error });
    } finally {
      // Forgotten, not closed: a concurrent call may still be writing to its own (silent) ones.
      for (const id of [...sdkWinston.loggers.loggers.keys()]) if (!before.has(id)) sdkWinston.loggers.loggers.delete(id);
    }
  }
}

/**
 * Authorize.Net (its sandbox or production, AUTHORIZE_NET_ENVIRONMENT) through the official
 * `authorizenet` SDK, for landlords' own merchant accounts. AUTHORIZE_NET_API_BASE points the SDK
 * elsewhere (a local fake in tests).
 */
@Injectable()
export class AuthorizeNetApi extends AuthorizeNetMerchants {
  readonly name = 'authorize_net';
  private readonly environment: 'sandbox' | 'production';
  private readonly client: AuthorizeNetApiClient;

  constructor(config: AppConfig) {
    super();
    const environment = config.authorizeNetEnvironment;
    if (environment === 'offline') throw new Error('AuthorizeNetApi needs AUTHORIZE_NET_ENVIRONMENT sandbox or production');
    this.environment = environment;
    const base = config.env.AUTHORIZE_NET_API_BASE;
    this.client = new AuthorizeNetApiClient(base ? new URL('/xml/v1/request.api', base).toString() : Constants.endpoint[environment]);
  }

  async authenticate({ apiLoginId, transactionKey }: AuthorizeNetCredentials): Promise<boolean> {
    const request = new Contracts.AuthenticateTestRequest({ merchantAuthentication: { name: apiLoginId, transactionKey } });
    try {
      await this.client.call('AuthenticateTestController', request, 'check the keys');
      return true;
    } catch (error) {
      // E00007: 'User authentication failed due to invalid authentication values.'; E00008: the account is inactive.
      if (error instanceof PaymentGatewayError && !error.retryable) return false;
      throw error;
    }
  }

  gatewayFor(credentials: AuthorizeNetCredentials): AuthorizeNetGateway {
    return new AuthorizeNetApiGateway(this.client, credentials, this.environment);
  }
}

/** One landlord's merchant account through the SDK: charges, refunds, voids, reads and webhooks with its keys. */
class AuthorizeNetApiGateway extends AuthorizeNetGateway {
  readonly name = 'authorize_net';
  readonly livemode: boolean;
  readonly merchantAccount: string;
  readonly clientSetup: AuthorizeNetClientSetup;

  constructor(
    private readonly client: AuthorizeNetApiClient,
    private readonly credentials: AuthorizeNetCredentials,
    environment: 'sandbox' | 'production',
  ) {
    super();
    this.livemode = environment === 'production';
    this.merchantAccount = merchantAccountOf(credentials.apiLoginId);
    this.clientSetup = { kind: 'accept_js', scriptUrl: ACCEPT_JS[environment], apiLoginId: credentials.apiLoginId, clientKey: credentials.publicClientKey };
  }

  async chargeNonce(input: ChargeNonce): Promise<AuthorizeNetTransaction> {
    const request = () => new Contracts.CreateTransactionRequest({
      merchantAuthentication: this.authentication(),
      refId: input.refId,
      transactionRequest: {
        transactionType: Contracts.TransactionTypeEnum.AUTHCAPTURETRANSACTION,
        amount: (input.amountCents / 100).toFixed(2),
        currencyCode: 'USD',
        payment: { opaqueData: { dataDescriptor: input.nonce.dataDescriptor, dataValue: input.nonce.dataValue } },
        order: { invoiceNumber: input.invoiceNumber, description: input.description },
        billTo: input.billTo,
        transactionSettings: [{ settingName: 'duplicateWindow', settingValue: String(DUPLICATE_WINDOW_SECONDS) }],
      },
    });
    const answer = await this.call('CreateTransactionController', request, 'charge a card');
    const { transaction, status, reasonCode, reasonText } = transactionAnswerOf(answer);
    if (status === 'approved' && transaction.transId && transaction.transId !== '0') {
      return {
        transactionId: String(transaction.transId),
        kind: 'charge',
        status,
        reasonCode,
        reasonText,
        invoiceNumber: input.invoiceNumber,
        amountCents: input.amountCents,
        // The answer carries no time; the reporting API's submitTimeUTC is read by the events later.
        submittedAt: new Date(),
        card: cardOf(transaction.accountNumber, transaction.accountType),
        refTransactionId: null,
        settled: false,
      };
    }
    // 11: a duplicate inside the window. Says nothing about the card: look the first one up and try again.
    if (reasonCode === '11') throw new PaymentGatewayError('Authorize.Net refused a duplicate transaction', { code: '11', retryable: true });
    if (status === 'declined' || status === 'held' || (status === 'error' && transaction.responseCode)) {
      throw new CardDeclined(reasonText ?? 'This transaction has been declined.', { code: reasonCode ?? status });
    }
    const message = firstMessage(answer.messages as AnetMessages);
    // E00114 and friends: the nonce was refused (used, expired, or not ours): the card must be entered again.
    if (/^E001(14|17|18)$/.test(message.code)) throw new CardDeclined(message.text, { code: message.code });
    throw new PaymentGatewayError(`Authorize.Net refused to charge a card: ${message.code} ${message.text}`, { code: message.code });
  }

  async refundTransaction(input: RefundTransaction): Promise<AuthorizeNetTransaction> {
    const request = () => new Contracts.CreateTransactionRequest({
      merchantAuthentication: this.authentication(),
      refId: input.invoiceNumber,
      transactionRequest: {
        transactionType: Contracts.TransactionTypeEnum.REFUNDTRANSACTION,
        amount: (input.amountCents / 100).toFixed(2),
        currencyCode: 'USD',
        // A refund names the card by its last four digits; the gateway takes 'XXXX' for the expiry.
        payment: { creditCard: { cardNumber: input.cardLast4, expirationDate: 'XXXX' } },
        refTransId: input.transactionId,
        order: { invoiceNumber: input.invoiceNumber, description: 'Rentwise refund' },
        transactionSettings: [{ settingName: 'duplicateWindow', settingValue: String(DUPLICATE_WINDOW_SECONDS) }],
      },
    });
    const transactionId = this.approvedOrThrow(await this.call('CreateTransactionController', request, 'refund a transaction'), 'refund');
    return this.retrieveTransaction(transactionId);
  }

  async voidTransaction(transactionId: string): Promise<AuthorizeNetTransaction> {
    const request = () => new Contracts.CreateTransactionRequest({
      merchantAuthentication: this.authentication(),
      transactionRequest: { transactionType: Contracts.TransactionTypeEnum.VOIDTRANSACTION, refTransId: transactionId },
    });
    this.approvedOrThrow(await this.call('CreateTransactionController', request, 'void a transaction'), 'void');
    return this.retrieveTransaction(transactionId);
  }

  async findChargeByInvoiceNumber(invoiceNumber: string): Promise<AuthorizeNetTransaction | null> {
    // Newest first: a retried attempt is minutes old. Settled ones are days old and the nonce long expired.
    for (let offset = 1; offset <= 5; offset++) {
      const request = () => new Contracts.GetUnsettledTransactionListRequest({
        merchantAuthentication: this.authentication(),
        sorting: { orderBy: 'submitTimeUTC', orderDescending: true },
        paging: { limit: 1000, offset },
      });
      const answer = await this.call('GetUnsettledTransactionListController', request, 'list unsettled transactions', ['I00004']);
      const rows = asArray((answer.transactions as { transaction?: unknown } | undefined)?.transaction) as Loose[];
      const row = rows.find((candidate) => candidate.invoiceNumber === invoiceNumber);
      if (row) return this.retrieveTransaction(String(row.transId));
      if (rows.length < 1000) return null;
    }
    return null;
  }

  async retrieveTransaction(transactionId: string): Promise<AuthorizeNetTransaction> {
    const request = () => new Contracts.GetTransactionDetailsRequest({ merchantAuthentication: this.authentication(), transId: transactionId });
    let answer: Loose;
    try {
      answer = await this.call('GetTransactionDetailsController', request, 'read a transaction');
    } catch (error) {
      // E00040: the record cannot be found.
      if (error instanceof PaymentGatewayError && error.code === 'E00040') {
        throw new ProviderObjectNotFound(`Authorize.Net has no transaction ${transactionId}`, { code: error.code, cause: error });
      }
      throw error;
    }
    const transaction = (answer.transaction ?? {}) as Loose;
    const payment = transaction.payment?.creditCard ?? {};
    const isRefund = transaction.transactionType === 'refundTransaction';
    return {
      transactionId: String(transaction.transId),
      kind: isRefund ? 'refund' : 'charge',
      status: statusOfReported(transaction.transactionStatus),
      reasonCode: transaction.responseReasonCode != null ? String(transaction.responseReasonCode) : null,
      reasonText: transaction.responseReasonDescription ?? null,
      invoiceNumber: transaction.order?.invoiceNumber ?? null,
      amountCents: cents(transaction.settleAmount ?? transaction.authAmount),
      submittedAt: new Date(transaction.submitTimeUTC),
      card: cardOf(payment.cardNumber, payment.cardType),
      refTransactionId: transaction.refTransId ? String(transaction.refTransId) : null,
      settled: transaction.transactionStatus === 'settledSuccessfully' || transaction.transactionStatus === 'refundSettledSuccessfully',
    };
  }

  async listSettledBatches(from: Date, to: Date): Promise<AuthorizeNetSettledBatch[]> {
    const request = () => new Contracts.GetSettledBatchListRequest({
      merchantAuthentication: this.authentication(),
      includeStatistics: true,
      firstSettlementDate: reportingDate(from),
      lastSettlementDate: reportingDate(to),
    });
    // I00004: no batches in the period.
    const answer = await this.call('GetSettledBatchListController', request, 'list settled batches', ['I00004']);
    const batches = asArray((answer.batchList as { batch?: unknown } | undefined)?.batch) as Loose[];
    return batches
      .map((batch) => ({ batchId: String(batch.batchId), settledAt: new Date(batch.settlementTimeUTC), state: String(batch.settlementState) }))
      .sort((a, b) => a.settledAt.getTime() - b.settledAt.getTime());
  }

  async listBatchTransactions(batchId: string): Promise<AuthorizeNetBatchTransaction[]> {
    const listed: AuthorizeNetBatchTransaction[] = [];
    for (let offset = 1; ; offset++) {
      const request = () => new Contracts.GetTransactionListRequest({
        merchantAuthentication: this.authentication(),
        batchId,
        sorting: { orderBy: 'submitTimeUTC', orderDescending: false },
        paging: { limit: LIST_PAGE_SIZE, offset },
      });
      const answer = await this.call('GetTransactionListController', request, 'list a batch\'s transactions', ['I00004']);
      const rows = asArray((answer.transactions as { transaction?: unknown } | undefined)?.transaction) as Loose[];
      for (const row of rows) {
        const isRefund = typeof row.transactionStatus === 'string' && row.transactionStatus.startsWith('refund');
        listed.push({
          transactionId: String(row.transId),
          kind: isRefund ? 'refund' : 'charge',
          status: batchStatusOf(row.transactionStatus),
          amountCents: cents(row.settleAmount),
          invoiceNumber: row.invoiceNumber ?? null,
          // The list does not name a refund's charge; its details do (refunds are few).
          refTransactionId: isRefund ? (await this.retrieveTransaction(String(row.transId))).refTransactionId : null,
          submittedAt: new Date(row.submitTimeUTC),
        });
      }
      if (rows.length < LIST_PAGE_SIZE) return listed;
    }
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string): GatewayEvent {
    return verifyAuthorizeNetEvent(rawBody, signatureHeader, {
      signatureKey: this.credentials.signatureKey,
      merchantAccount: this.merchantAccount,
      livemode: this.livemode,
    });
  }

  /** The new transaction's id when a refund or void was approved; otherwise the gateway's reason as PaymentGatewayError. */
  private approvedOrThrow(answer: Record<string, unknown>, what: 'refund' | 'void'): string {
    const { transaction, status, reasonCode, reasonText } = transactionAnswerOf(answer);
    if (status === 'approved' && transaction.transId && transaction.transId !== '0') return String(transaction.transId);
    const { code, text } = reasonCode ? { code: reasonCode, text: reasonText } : firstMessage(answer.messages as AnetMessages);
    // 11: the same refund inside the duplicate window: the first one is to be looked up by its invoice number.
    throw new PaymentGatewayError(`Authorize.Net refused a ${what}: ${code} ${text}`, { code: code ?? status, retryable: code === '11' });
  }

  private authentication(): { name: string; transactionKey: string } {
    return { name: this.credentials.apiLoginId, transactionKey: this.credentials.transactionKey };
  }

  private call(controllerName: string, buildRequest: () => { getJSON(): unknown }, what: string, okCodes: readonly string[] = []): Promise<Record<string, unknown>> {
    return this.client.call(controllerName, buildRequest(), what, okCodes);
  }
}
