import { isDependencyUnavailable } from './dependency-unavailable';

describe('isDependencyUnavailable', () => {
  it('counts a PostgreSQL that was shut down under a query (57P01) as unavailable', () => {
    expect(isDependencyUnavailable({ name: 'QueryFailedError', driverError: { code: '57P01' } })).toBe(true);
  });

  it('counts a pooled client whose connection broke while PostgreSQL restarted as unavailable', () => {
    // What pg says to the next query on a client whose socket died (seen in the crash suite: a 500).
    expect(isDependencyUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
  });

  it('counts a PostgreSQL reached over a Unix socket that has stopped (no socket file) as unavailable', () => {
    const noSocket = Object.assign(new Error('connect ENOENT /srv/pg/.s.PGSQL.5432'), { code: 'ENOENT', syscall: 'connect' });
    expect(isDependencyUnavailable(noSocket)).toBe(true);
  });

  it('does not count a file that is missing (an upload, say) as an outage', () => {
    const noFile = Object.assign(new Error("ENOENT: no such file or directory, open 'photo.jpg'"), { code: 'ENOENT', syscall: 'open' });
    expect(isDependencyUnavailable(noFile)).toBe(false);
  });

  it('counts Redis that does not answer within the fail-fast limits as unavailable', () => {
    expect(isDependencyUnavailable({ name: 'MaxRetriesPerRequestError', message: 'Reached the max retries per request limit' })).toBe(true);
  });

  it('does not count our own mistakes as an outage', () => {
    expect(isDependencyUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDependencyUnavailable({ name: 'QueryFailedError', driverError: { code: '23505' } })).toBe(false);
  });
});
