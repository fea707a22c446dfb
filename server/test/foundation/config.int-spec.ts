import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const main = resolve(__dirname, '../../dist/main.js');

function start(environment: Record<string, string | undefined>) {
  const { DATABASE_URL, REDIS_URL, PATH, HOME } = process.env;
  return spawnSync(process.execPath, [main], {
    env: { PATH, HOME, DATABASE_URL, REDIS_URL, ...environment } as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 20000,
  });
}

describe('start-up configuration', () => {
  beforeAll(() => {
    if (!existsSync(main)) throw new Error(`${main} is missing: build the server first (npm run build -w server)`);
  });

  it('stops with one clear line naming a missing variable', () => {
    const result = start({ DATABASE_URL: undefined });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Configuration error: DATABASE_URL: required but not set');
  });

  it('stops with one clear line naming a malformed variable', () => {
    const result = start({ PORT: 'eighty' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^Configuration error: PORT: /);
  });

  it('refuses production without real mail and payment settings', () => {
    const result = start({ NODE_ENV: 'production' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Configuration error: SMTP_URL: required in production/);
  });
});
