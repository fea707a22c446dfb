// A tenant's client as the product's own one behaves: signed in with the session and CSRF cookies,
// one idempotency key per payment attempt, and the same key again after no answer, a 502 or a 503.
const { randomUUID } = require('node:crypto');
const { sleep } = require('./services');

/** Longer than any answer may take: a request still open after this is a hang. */
const REQUEST_TIMEOUT_MS = 8000;

class TenantClient {
  constructor(baseUrl, email, password, observe) {
    Object.assign(this, { baseUrl, email, password, observe });
    this.cookies = new Map();
  }

  async request(method, path, body) {
    const headers = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.cookies.has('rw_csrf')) headers['x-csrf-token'] = this.cookies.get('rw_csrf');
    const started = Date.now();
    try {
      const response = await fetch(this.baseUrl + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      const text = await response.text();
      let json = null;
      try {
        json = JSON.parse(text);
      } catch {
        // not JSON: kept as text for the report
      }
      const answer = { status: response.status, json, text, ms: Date.now() - started, method, path, backend: response.headers.get('x-rentwise-backend') };
      this.observe?.(answer);
      return answer;
    } catch (error) {
      const answer = { status: 0, error: error.name === 'TimeoutError' ? 'timeout' : error.message, ms: Date.now() - started, method, path };
      this.observe?.(answer);
      return answer;
    }
  }

  async signIn() {
    for (let attempt = 0; attempt < 40; attempt++) {
      const answer = await this.request('POST', '/api/account/login', { email: this.email, password: this.password });
      if (answer.status === 200) return;
      await sleep(250);
    }
    throw new Error(`${this.email} could not sign in`);
  }

  /**
   * One payment as a tenant makes it: a card from the sandbox's card form, then the payment with one
   * idempotency key, retried with that key until the product answers. Returns what the tenant saw.
   */
  async pay(amountCents, deadlineMs) {
    const expYear = new Date().getUTCFullYear() + 3;
    let paymentMethodId = null;
    while (!paymentMethodId) {
      if (Date.now() > deadlineMs) return { outcome: 'gave-up', stage: 'card' };
      const card = await this.request('POST', '/sandbox/v1/payment_methods', { number: '4242424242424242', expMonth: 12, expYear, cvc: '123' });
      if (card.status === 200) paymentMethodId = card.json.id;
      else await sleep(200);
    }
    const idempotencyKey = randomUUID();
    let tries = 0;
    for (;;) {
      tries += 1;
      // A tenant here pays again within minutes on purpose: confirmed, as after the screen's 'Pay again?' (issue 32).
      const answer = await this.request('POST', '/api/tenant/payments', { amountCents, paymentMethodId, idempotencyKey, confirmRepeat: true });
      if (answer.status === 200 || answer.status === 201) {
        return { outcome: 'paid', idempotencyKey, amountCents, tries, created: answer.status === 201, receiptId: answer.json.payment.receiptId, chargedCents: answer.json.payment.chargedCents };
      }
      if (answer.status === 401 && answer.json?.code === 'reauthenticate') await this.signIn();
      else if (answer.status === 401) await this.signIn();
      else if (![0, 502, 503].includes(answer.status)) {
        return { outcome: 'refused', idempotencyKey, amountCents, tries, status: answer.status, body: answer.text };
      }
      if (Date.now() > deadlineMs) return { outcome: 'gave-up', idempotencyKey, amountCents, tries };
      await sleep(Math.min(100 * tries, 1000));
    }
  }
}

module.exports = { TenantClient, REQUEST_TIMEOUT_MS };
