import { MAX_STALLED_COUNT, patientWorkerOptions } from './redis-options';

describe('patientWorkerOptions', () => {
  it('takes a job again after its worker died mid-run more than once, instead of failing it for good', () => {
    const options = patientWorkerOptions({ connection: { host: '127.0.0.1', port: 6379 } });
    expect(options.maxStalledCount).toBe(MAX_STALLED_COUNT);
    expect(MAX_STALLED_COUNT).toBeGreaterThan(1);
  });

  it('keeps a processor’s own limit when it names one', () => {
    expect(patientWorkerOptions({ connection: { host: '127.0.0.1', port: 6379 }, maxStalledCount: 2 }).maxStalledCount).toBe(2);
  });

  it('gives plain connection options unlimited retries and the offline queue', () => {
    const { connection } = patientWorkerOptions({ connection: { host: '127.0.0.1', port: 6379, maxRetriesPerRequest: 1 } });
    expect(connection).toMatchObject({ maxRetriesPerRequest: null, enableOfflineQueue: true });
  });
});
