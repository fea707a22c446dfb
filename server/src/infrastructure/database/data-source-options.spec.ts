import { dataSourceOptions } from './data-source-options';

describe('dataSourceOptions', () => {
  it('reads a TCP URL', () => {
    expect(dataSourceOptions('postgres://rentwise_web:s%40cret@db.internal:5433/rentwise')).toMatchObject({
      host: 'db.internal',
      port: 5433,
      username: 'rentwise_web',
      password: 's@cret',
      database: 'rentwise',
    });
  });

  it('reads a Unix socket folder given as a percent-encoded host, as the local stack prints it', () => {
    expect(dataSourceOptions('postgres://rentwise_web:rentwise@%2Fwork%2Fmain%2F.data%2Frun:54963/rentwise')).toMatchObject({
      host: '/work/main/.data/run',
      port: 54963,
      database: 'rentwise',
    });
  });

  it('reads a socket folder given as the host parameter', () => {
    expect(dataSourceOptions('postgresql://rentwise_web:rentwise@localhost/rentwise?host=/run/postgresql')).toMatchObject({
      host: '/run/postgresql',
      database: 'rentwise',
    });
  });
});
