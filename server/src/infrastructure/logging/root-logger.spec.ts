import { isNestStartLine, terminalMessage } from './root-logger';

describe('a line in a person’s terminal (LOG_FORMAT=pretty)', () => {
  it('reads a request as method, path, status and time', () => {
    const line = { msg: 'request completed', req: { method: 'POST', url: '/api/tenant/payments' }, res: { statusCode: 201 }, responseTime: 34 };
    expect(terminalMessage(line)).toBe('POST /api/tenant/payments 201 34 ms');
  });

  it('names where any other line comes from', () => {
    expect(terminalMessage({ msg: 'Outbox relay started', context: 'OutboxRelay' })).toBe('OutboxRelay: Outbox relay started');
    expect(terminalMessage({ msg: 'Something happened' })).toBe('Something happened');
  });

  it('leaves out Nest’s account of each module and route it started, but never its warnings', () => {
    expect(isNestStartLine({ context: 'InstanceLoader' }, 30)).toBe(true);
    expect(isNestStartLine({ context: 'RouterExplorer' }, 30)).toBe(true);
    expect(isNestStartLine({ context: 'NestApplication' }, 40)).toBe(false);
    expect(isNestStartLine({ context: 'OutboxRelay' }, 30)).toBe(false);
    expect(isNestStartLine('a message', 30)).toBe(false);
  });
});
