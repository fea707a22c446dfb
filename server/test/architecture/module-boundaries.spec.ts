import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../../..');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

function violationsIn(path: string): Violation[] {
  const output = execFileSync(
    process.execPath,
    [resolve(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), '--config', '.dependency-cruiser.cjs', '--output-type', 'json', path],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return (JSON.parse(output) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('module boundaries', () => {
  it('no server module imports another module except through its contracts', () => {
    expect(violationsIn('server/src')).toEqual([]);
  });

  it('the rule reports the deliberate violation in the fixture, and only that one', () => {
    const violations = violationsIn('server/test/architecture/fixture');
    expect(violations.map(({ from, to, rule }) => ({ from, to, rule: rule.name }))).toEqual([
      {
        from: 'server/test/architecture/fixture/modules/billing/violation.ts',
        to: 'server/test/architecture/fixture/modules/ledger/internal/ledger-entry.ts',
        rule: 'module-internals',
      },
    ]);
  });
});
