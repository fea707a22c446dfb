import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PoolClient } from 'pg';
import type { EntityManager } from 'typeorm';
import { UnitOfWork } from '../../src/infrastructure/database/unit-of-work';
import { SEND_EMAIL_JOB } from '../../src/infrastructure/mail/send-email.job';
import type { IntegrationEventClass } from '../../src/infrastructure/messaging/integration-event';
import { Outbox } from '../../src/infrastructure/outbox/outbox';
import { OutboxRoutes } from '../../src/infrastructure/outbox/outbox-routes';
import { MAIL_QUEUE } from '../../src/infrastructure/queue/queue-names';
import { startTestApp, TestApp } from '../support/test-app';

/** Jobs exist exactly when the change that caused them commits; inside a unit of work they are written together. */
describe('the outbox', () => {
  let testApp: TestApp;
  let outbox: Outbox;
  let unitOfWork: UnitOfWork;

  beforeAll(async () => {
    testApp = await startTestApp();
    outbox = testApp.app.get(Outbox);
    unitOfWork = testApp.app.get(UnitOfWork);
  });
  afterAll(() => testApp.close());

  const emailJob = (subject: string) => ({
    queue: MAIL_QUEUE,
    jobName: SEND_EMAIL_JOB,
    payload: { to: 'outbox@example.com', subject, text: 'Outbox test', html: '<p>Outbox test</p>' },
  });
  const subjectsWritten = async (marker: string, manager: EntityManager = testApp.dataSource.manager): Promise<string[]> => {
    const rows = await manager.query<{ subject: string }[]>(
      `SELECT payload->>'subject' AS subject FROM infra.outbox WHERE payload->>'subject' LIKE $1`,
      [`${marker}%`],
    );
    return rows.map((row) => row.subject).sort();
  };

  it('routes every integration event a module publishes to a consumer (an event nobody acts on goes)', async () => {
    const modules = join(__dirname, '../../src/modules');
    const files = readdirSync(modules).flatMap((module) =>
      readdirSync(join(modules, module, 'contracts'))
        .filter((file) => file.endsWith('.event.ts'))
        .map((file) => join(modules, module, 'contracts', file)),
    );
    const exported = (await Promise.all(files.map((file) => import(file)))).flatMap((contract) => Object.values(contract));
    const events = exported.filter((value): value is IntegrationEventClass => typeof value === 'function');
    expect(events.map((event) => event.name)).toContain('PaymentRecorded');
    const routes = testApp.app.get(OutboxRoutes);
    expect(events.filter((event) => routes.of(event).length === 0).map((event) => event.name)).toEqual([]);
  });

  it('writes a unit of work’s jobs just before it commits, all of them', async () => {
    const marker = randomUUID();
    await unitOfWork.run(async (manager) => {
      await outbox.add(manager, emailJob(`${marker} 1`));
      await unitOfWork.run(() => outbox.addAll(manager, [emailJob(`${marker} 2`), emailJob(`${marker} 3`)]));
      expect(await subjectsWritten(marker, manager)).toEqual([]);
    });
    expect(await subjectsWritten(marker)).toEqual([`${marker} 1`, `${marker} 2`, `${marker} 3`]);
  });

  it('writes nothing for a unit of work that rolls back', async () => {
    const marker = randomUUID();
    await expect(
      unitOfWork.run(async (manager) => {
        await outbox.add(manager, emailJob(`${marker} 1`));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await subjectsWritten(marker)).toEqual([]);
  });

  it('writes at once outside a unit of work, and on a transaction that is not one', async () => {
    const marker = randomUUID();
    await outbox.add(testApp.dataSource.manager, emailJob(`${marker} alone`));
    expect(await subjectsWritten(marker)).toEqual([`${marker} alone`]);
    await testApp.dataSource.transaction(async (manager) => {
      await outbox.add(manager, emailJob(`${marker} own transaction`));
      expect(await subjectsWritten(marker, manager)).toEqual([`${marker} alone`, `${marker} own transaction`]);
    });
  });

  it('writes a one-statement change’s jobs in that statement, and none when the change wrote nothing', async () => {
    const marker = randomUUID();
    // An insert that writes its row once: the second time ON CONFLICT leaves it, and its jobs, unwritten.
    const insertOnce = (attempt: string) =>
      outbox.writeWith<{ key: string }>(
        testApp.dataSource.manager,
        {
          steps: `sent AS (INSERT INTO infra.sent_emails (key, message_id) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key)`,
          result: 'sent',
          params: [marker, `<${marker}@rentwise>`],
        },
        [emailJob(`${marker} ${attempt}`)],
      );
    expect(await insertOnce('first')).toHaveLength(1);
    expect(await insertOnce('second')).toEqual([]);
    expect(await subjectsWritten(marker)).toEqual([`${marker} first`]);
  });

  it('writes a unit of work’s jobs so far with its last change, in that statement, and later ones before the commit', async () => {
    const marker = randomUUID();
    const statements: string[] = [];
    const names: (string | undefined)[] = [];
    let restore = () => {};
    await unitOfWork.run(async (manager) => {
      await outbox.addAll(manager, [emailJob(`${marker} 1`), emailJob(`${marker} 2`)]);
      // Counted on the transaction's connection: the outbox sends its statements there itself, prepared.
      const client = (await manager.queryRunner!.connect()) as PoolClient;
      const query = client.query.bind(client);
      client.query = ((config: string | { text: string; name?: string }, values?: unknown[]) => {
        statements.push(typeof config === 'string' ? config : config.text);
        names.push(typeof config === 'string' ? undefined : config.name);
        return query(config, values);
      }) as typeof client.query;
      restore = () => void (client.query = query);
      const sent = await outbox.writeWithPending<{ key: string }>(manager, {
        // A change that writes nothing: the jobs were asked for by the transaction, so they are written anyway.
        steps: `sent AS (UPDATE infra.sent_emails SET message_id = message_id WHERE key = $1 RETURNING key)`,
        result: 'sent',
        params: [marker],
      });
      expect(sent).toEqual([]);
      expect(await subjectsWritten(marker, manager)).toEqual([`${marker} 1`, `${marker} 2`]);
      await outbox.add(manager, emailJob(`${marker} 3`));
    });
    restore();
    // The change with the two jobs, the subjects read, and the third job before the commit.
    expect(statements).toEqual([
      expect.stringMatching(/^WITH sent AS .*outbox_jobs AS .*\(\$5::text, \$6::text, \$7::jsonb\)/s),
      expect.stringMatching(/^SELECT payload/),
      expect.stringMatching(/^INSERT INTO infra\.outbox .* VALUES \(\$1::text, \$2::text, \$3::jsonb\)$/),
      'COMMIT',
    ]);
    // Prepared, each shape under its own name: parsed and planned once per connection.
    expect(names[0]).toMatch(/^composed\./);
    expect(names[2]).toMatch(/^composed\./);
    expect(names[2]).not.toBe(names[0]);
    expect(await subjectsWritten(marker)).toEqual([`${marker} 1`, `${marker} 2`, `${marker} 3`]);
  });
});
