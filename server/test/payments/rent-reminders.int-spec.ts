import { CommandBus } from '@nestjs/cqrs';
import { propertySchema } from '@rentwise/libs/schemas/property.schema';
import { tenantSchema } from '@rentwise/libs/schemas/tenant.schema';
import { randomUUID } from 'node:crypto';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { UnitOfWork } from '../../src/infrastructure/database/unit-of-work';
import { ActivateAccount } from '../../src/modules/accounts/contracts/activate-account.command';
import { IssuePasswordLink } from '../../src/modules/accounts/contracts/issue-password-link.command';
import { RentChargePoster } from '../../src/modules/payments/charges/rent-charge-poster';
import { RecordRentPayment } from '../../src/modules/payments/contracts/record-rent-payment.command';
import { insertJournal } from '../../src/modules/payments/ledger/journal-insert';
import { RentReminderSender } from '../../src/modules/payments/reminders/rent-reminder-sender';
import { AddProperty } from '../../src/modules/properties/contracts/add-property.command';
import { InviteTenant } from '../../src/modules/tenants/contracts/invite-tenant.command';
import { signedInUser, signIn, SignedInClient, TEST_PASSWORD, TestUser } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

const DAY_MS = 86_400_000;

describe('rent reminders (decision 0041)', () => {
  let testApp: TestApp;
  const clock = new FixedClock(new Date('2025-01-01T15:00:00Z'));
  beforeAll(async () => {
    testApp = await startTestApp({}, { clock });
  });
  afterAll(() => testApp.close());

  const commands = () => testApp.app.get(CommandBus);
  const sender = () => testApp.app.get(RentReminderSender);

  interface Home {
    landlord: TestUser & SignedInClient;
    propertyId: string;
    tenantUserId: string;
    tenantEmail: string;
  }

  /** A landlord (New York, the default time zone) with a $1,500 home, and its tenant, who moved in at `movedInAt` and can sign in. */
  async function home(movedInAt: Date, landlord?: TestUser & SignedInClient, firstName = 'Sam'): Promise<Home> {
    const owner = landlord ?? (await signedInUser(testApp, { type: 'landlord' }));
    const property = await commands().execute(
      new AddProperty(owner.userId, propertySchema.parse({ line1: `${randomUUID().slice(0, 6)} Elm St`, line2: '', city: 'Springfield', state: 'IL', zip: '62704', rent: '1,500' })),
    );
    const email = `tenant-${randomUUID().slice(0, 8)}@example.com`;
    const { tenantUserId } = await commands().execute(
      new InviteTenant(owner.userId, property.propertyId, tenantSchema.parse({ firstName, lastName: 'Rivera', email, confirmEmail: email, phone: '(555) 301-7721' }), movedInAt),
    );
    const { url } = await commands().execute(new IssuePasswordLink(tenantUserId, 'activation'));
    await commands().execute(new ActivateAccount(email, new URL(url).searchParams.get('token')!, TEST_PASSWORD));
    return { landlord: owner, propertyId: property.propertyId, tenantUserId, tenantEmail: email };
  }

  /** A payment of `rentCents` toward rent (the 2025 processing fee of $6.99 on top), imported as the seed does. */
  const pay = (place: Home, at: Date, rentCents: number) =>
    commands().execute(
      new RecordRentPayment({
        idempotencyKey: randomUUID(),
        occurredAt: at,
        tenantUserId: place.tenantUserId,
        landlordUserId: place.landlord.userId,
        propertyId: place.propertyId,
        chargedCents: rentCents + 699,
        description: 'Rent',
        provider: 'import',
        providerReference: null,
      }),
    );

  /** A late fee journal, as the late fee job posts it. */
  const postLateFee = (place: Home, at: Date, cents: number) =>
    testApp.app.get(UnitOfWork).run(() =>
      insertJournal(
        testApp.app.get(UnitOfWork),
        {
          idempotencyKey: `late-fee-test:${randomUUID()}`,
          inputHash: null,
          kind: 'late_fee',
          occurredAt: at,
          recordedAt: at,
          tenantUserId: place.tenantUserId,
          landlordUserId: place.landlord.userId,
          propertyId: place.propertyId,
          description: 'Late fee',
          provider: 'rentwise',
          providerReference: null,
          correlationId: randomUUID(),
          causationId: randomUUID(),
          correctsTransactionId: null,
        },
        [
          { account: 'tenant_receivable', amountCents: cents },
          { account: 'late_fees_charged', amountCents: -cents },
        ],
      ),
    );

  /** What the clock's scheduled runs do at `at`: charge what is due, then remind, two reminder runs at once. */
  async function runAt(at: Date) {
    clock.set(at);
    await testApp.app.get(RentChargePoster).postThrough(at);
    await Promise.all([sender().sendAt(at), sender().sendAt(at)]);
  }

  const remindersOf = async (recipientUserId: string) =>
    (
      await testApp.dataSource.query<{ occasion: string; period: string }[]>(
        `SELECT occasion, period FROM payments.rent_reminders WHERE recipient_user_id = $1 ORDER BY period, occasion`,
        [recipientUserId],
      )
    ).map((row) => `${row.period} ${row.occasion}`);

  const emailsTo = (address: string) => testApp.mailbox.list().filter((email) => email.to.includes(address));
  /** The reminders among them: not the invitation the tenant got when added. */
  const remindersTo = (address: string) => emailsTo(address).filter((email) => /^(Your rent|A late fee)/.test(email.subject));

  const months = (from: [number, number], count: number) =>
    Array.from({ length: count }, (_, i) => {
      const date = new Date(Date.UTC(from[0], from[1] - 1 + i, 1));
      return date.toISOString().slice(0, 7);
    });

  it('through a year of days, two runs at once: each reminder once, late only the month paid late, a late fee noticed once', async () => {
    const place = await home(new Date('2025-01-01T05:00:00Z')); // midnight starting January 1st in New York
    // Every day at 10:00 (EST) or 11:00 (EDT) in New York: after 9:00, so a run "missed" the 9:00 mark every day.
    for (let at = new Date('2025-01-01T15:00:00Z'); at <= new Date('2026-01-01T15:00:00Z'); at = new Date(at.getTime() + DAY_MS)) {
      clock.set(at);
      const day = at.getUTCDate();
      const month = at.getUTCMonth() + 1;
      if (day === 3 && month !== 3) await pay(place, at, 150_000);
      if (month === 3 && day === 7) await postLateFee(place, new Date('2025-03-07T05:00:00Z'), 5_000);
      if (month === 3 && day === 20) await pay(place, at, 155_000);
      await runAt(at);
      // An email is written when its job runs, from the ledger then: read March's before the tenant pays.
      if (month === 3 && day === 7) await waitFor(() => remindersTo(place.tenantEmail).some((email) => email.subject.startsWith('Your rent is late')), { what: 'the late reminder' });
    }
    const expected = [
      '2025-01 due_today',
      ...months([2025, 2], 12).flatMap((month) => [`${month} due_soon`, `${month} due_today`]),
      '2025-03 late',
      '2025-03 late_fee',
    ].sort();
    expect(await remindersOf(place.tenantUserId)).toEqual(expected);

    // Each reminder's email arrives once: its row's outbox job, sent once per job.
    const emails = await waitFor(() => remindersTo(place.tenantEmail).length >= expected.length && remindersTo(place.tenantEmail), {
      timeoutMs: 30_000,
      what: 'every reminder email',
    });
    expect(emails).toHaveLength(expected.length);
    expect(new Set(emails.map((email) => email.messageId)).size).toBe(expected.length);
    const subjects = emails.map((email) => email.subject);
    expect(subjects.filter((subject) => subject.startsWith('Your rent of $1,500.00 is due on '))).toHaveLength(12);
    expect(subjects.filter((subject) => subject === 'Your rent of $1,500.00 is due today')).toHaveLength(13);
    // March's rent and its late fee.
    expect(subjects).toContain('Your rent is late: $1,550.00 is still owed');
    expect(subjects).toContain('A late fee of $50.00 was added to your rent');
    const publicUrl = testApp.config.env.PUBLIC_URL.replace(/\/$/, '');
    for (const email of emails) {
      // Every email has a plain-text part with a working link to pay, and the HTML part has it too.
      expect(email.text).toContain(`${publicUrl}/tenant/payment`);
      expect(email.html).toContain(`${publicUrl}/tenant/payment`);
      expect(email.text).toContain(`${publicUrl}/tenant/ledger`);
    }
  }, 180_000);

  it('sends a run after 9:00 today’s reminder, but never "due in 3 days" once the due date has come', async () => {
    const place = await home(new Date('2024-11-01T05:00:00Z'));
    // The reminders job was down from before 9:00 three days ahead until the due date began.
    await runAt(new Date('2024-11-28T13:00:00Z')); // 8:00 on November 28th
    await runAt(new Date('2024-12-01T05:00:00Z')); // the first moment of December 1st
    expect((await remindersOf(place.tenantUserId)).filter((key) => key.startsWith('2024-12'))).toEqual([]);
    await runAt(new Date('2024-12-01T22:00:00Z')); // 17:00
    expect((await remindersOf(place.tenantUserId)).filter((key) => key.startsWith('2024-12'))).toEqual(['2024-12 due_today']);
  });

  it('sends nothing to a tenant who turned reminders off, and nothing of a kind the landlord turned off for the property', async () => {
    clock.set(new Date('2027-01-20T15:00:00Z'));
    const quiet = await home(new Date('2027-01-20T15:00:00Z'));
    const tenant = await signIn(testApp, { email: quiet.tenantEmail, password: TEST_PASSWORD });
    const off = await testApp.request({ method: 'PUT', url: '/api/tenant/reminders', headers: tenant.headers, payload: { remindersOn: false } });
    expect(off.json()).toEqual({ status: 'success', remindersOn: false });
    expect((await testApp.request({ method: 'GET', url: '/api/tenant/reminders', headers: tenant.headers })).json()).toEqual({ status: 'success', remindersOn: false });

    const choosy = await home(new Date('2027-01-20T15:00:00Z'));
    const landlord = choosy.landlord;
    const settingsUrl = `/api/landlord/properties/${choosy.propertyId}/reminders`;
    expect((await testApp.request({ method: 'GET', url: settingsUrl, headers: landlord.headers })).json()).toMatchObject({
      status: 'success',
      propertyId: choosy.propertyId,
      reminders: { dueSoon: true, dueToday: true, late: true, lateFee: true, weeklySummary: true },
    });
    const saved = await testApp.request({
      method: 'PUT',
      url: settingsUrl,
      headers: landlord.headers,
      payload: { dueSoon: true, dueToday: false, late: true, lateFee: true, weeklySummary: true },
    });
    expect(saved.json().reminders).toEqual({ dueSoon: true, dueToday: false, late: true, lateFee: true, weeklySummary: true });
    // Another landlord's property, or no property at all, is not found; a tenant may not ask.
    const stranger = await signedInUser(testApp, { type: 'landlord' });
    expect((await testApp.request({ method: 'GET', url: settingsUrl, headers: stranger.headers })).statusCode).toBe(404);
    expect((await testApp.request({ method: 'PUT', url: settingsUrl, headers: stranger.headers, payload: saved.json().reminders })).statusCode).toBe(404);
    expect((await testApp.request({ method: 'GET', url: '/api/landlord/properties/not-an-id/reminders', headers: landlord.headers })).json()).toEqual({
      status: 'error',
      error: 'Not found',
    });
    expect((await testApp.request({ method: 'GET', url: settingsUrl, headers: tenant.headers })).statusCode).toBe(403);

    for (let at = new Date('2027-01-26T15:00:00Z'); at <= new Date('2027-02-12T15:00:00Z'); at = new Date(at.getTime() + DAY_MS)) await runAt(at);
    expect(await remindersOf(quiet.tenantUserId)).toEqual([]);
    // Nothing paid: "due in 3 days" and "late" still go out; "due today" is off.
    // (January was charged at move-in on the 20th: late from the 26th.)
    expect(await remindersOf(choosy.tenantUserId)).toEqual(['2027-01 late', '2027-02 due_soon', '2027-02 late']);
  });

  it('sends the landlord one summary a week, from 9:00 on Monday, of the tenants who owe at properties whose summary is on', async () => {
    clock.set(new Date('2028-03-01T15:00:00Z'));
    const owing = await home(new Date('2028-03-01T15:00:00Z'), undefined, 'Owen');
    const paid = await home(new Date('2028-03-01T15:00:00Z'), owing.landlord, 'Paula');
    const muted = await home(new Date('2028-03-01T15:00:00Z'), owing.landlord, 'Mo');
    const mute = await testApp.request({
      method: 'PUT',
      url: `/api/landlord/properties/${muted.propertyId}/reminders`,
      headers: owing.landlord.headers,
      payload: { dueSoon: true, dueToday: true, late: true, lateFee: true, weeklySummary: false },
    });
    expect(mute.statusCode).toBe(200);
    await runAt(new Date('2028-03-01T16:00:00Z'));
    // The first run, on Wednesday, sent the week's summary (Monday 28 February's): March was charged at move-in.
    const first = await waitFor(() => emailsTo(owing.landlord.email)[0], { what: 'the first summary' });
    expect(first.subject).toBe('Unpaid rent this week: 2 tenants owe $3,000.00');
    expect(first.text).toContain('Paula Rivera');
    expect(first.text).not.toContain('Mo Rivera'); // the summary is off for Mo's home
    await pay(paid, new Date('2028-03-02T15:00:00Z'), 150_000);

    const summaries = () =>
      testApp.dataSource.query<{ period: string }[]>(`SELECT period FROM payments.rent_reminders WHERE occasion = 'weekly_summary' AND landlord_user_id = $1 ORDER BY period`, [
        owing.landlord.userId,
      ]);
    expect((await summaries()).map((row) => row.period)).toEqual(['2028-02-28']);
    // 8:59 on Monday March 6th in New York (EST) still belongs to that week.
    await runAt(new Date('2028-03-06T13:59:00Z'));
    expect((await summaries()).map((row) => row.period)).toEqual(['2028-02-28']);
    await runAt(new Date('2028-03-06T14:00:00Z'));
    await runAt(new Date('2028-03-07T14:00:00Z'));
    await runAt(new Date('2028-03-13T13:30:00Z')); // 9:30 EDT: the clocks moved on the 12th
    expect((await summaries()).map((row) => row.period)).toEqual(['2028-02-28', '2028-03-06', '2028-03-13']);

    const emails = await waitFor(() => emailsTo(owing.landlord.email).length >= 3 && emailsTo(owing.landlord.email), { what: 'three summaries' });
    const oneOwes = 'Unpaid rent this week: 1 tenant owes $1,500.00';
    expect(emails.map((email) => email.subject).sort()).toEqual([oneOwes, oneOwes, 'Unpaid rent this week: 2 tenants owe $3,000.00']);
    // Paula has paid since, and Mo's property has its summary turned off.
    const last = emails.find((email) => email.subject === oneOwes)!;
    expect(last.text).toContain('Owen Rivera');
    expect(last.text).not.toContain('Paula Rivera');
    expect(last.text).not.toContain('Mo Rivera');
    expect(last.text).toContain(`${testApp.config.env.PUBLIC_URL.replace(/\/$/, '')}/landlord/balances`);
  });

  it('lists who owes what: the landlord’s own current tenants above zero, with days late, sorted as asked', async () => {
    clock.set(new Date('2029-02-20T15:00:00Z'));
    const first = await home(new Date('2029-01-01T05:00:00Z'), undefined, 'Zed');
    const second = await home(new Date('2029-02-01T05:00:00Z'), first.landlord, 'Amy');
    const settled = await home(new Date('2029-01-01T05:00:00Z'), first.landlord, 'Kim');
    const elsewhere = await home(new Date('2029-01-01T05:00:00Z'));
    await testApp.app.get(RentChargePoster).postThrough(clock.now());
    await pay(first, new Date('2029-01-03T15:00:00Z'), 100_000); // $500 of January still owed, and February
    await pay(settled, new Date('2029-01-03T15:00:00Z'), 300_000);

    const landlord = await signIn(testApp, { email: first.landlord.email, password: TEST_PASSWORD });
    const list = async (query = '') => (await testApp.request({ method: 'GET', url: `/api/landlord/balances${query}`, headers: landlord.headers })).json();
    const answer = await list();
    expect(answer.status).toBe('success');
    // Zed still owes $500 of January, late from the 7th (5 days' grace): January 7th to February 20th, counting both, is 45 days.
    // Amy owes February, late from the 7th: 14 days. Kim paid both months.
    expect(answer.rows).toEqual([
      { tenantUserId: first.tenantUserId, tenantName: 'Zed Rivera', propertyId: first.propertyId, propertyAddress: expect.any(String), balanceCents: 200_000, daysLate: 45 },
      { tenantUserId: second.tenantUserId, tenantName: 'Amy Rivera', propertyId: second.propertyId, propertyAddress: expect.any(String), balanceCents: 150_000, daysLate: 14 },
    ]);
    expect((await list('?sort=tenant')).rows.map((row: { tenantName: string }) => row.tenantName)).toEqual(['Amy Rivera', 'Zed Rivera']);
    expect((await list('?sort=daysLate&order=asc')).rows.map((row: { tenantName: string }) => row.tenantName)).toEqual(['Amy Rivera', 'Zed Rivera']);
    expect((await testApp.request({ method: 'GET', url: '/api/landlord/balances?sort=rent', headers: landlord.headers })).statusCode).toBe(400);

    // The other landlord sees only their own tenant; a tenant may not ask.
    const other = await signIn(testApp, { email: elsewhere.landlord.email, password: TEST_PASSWORD });
    const theirs = (await testApp.request({ method: 'GET', url: '/api/landlord/balances', headers: other.headers })).json();
    expect(theirs.rows.map((row: { tenantUserId: string }) => row.tenantUserId)).toEqual([elsewhere.tenantUserId]);
    const tenant = await signIn(testApp, { email: first.tenantEmail, password: TEST_PASSWORD });
    expect((await testApp.request({ method: 'GET', url: '/api/landlord/balances', headers: tenant.headers })).statusCode).toBe(403);
  });
});
