import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../../..');
const FIXTURE = 'server/test/architecture/fixture';

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

interface Cruise {
  modules: { source: string; dependencies: { resolved: string }[] }[];
  summary: { violations: Violation[] };
}

function cruise(path: string): Cruise {
  const output = execFileSync(
    process.execPath,
    [resolve(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), '--config', '.dependency-cruiser.cjs', '--output-type', 'json', path],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(output) as Cruise;
}

const violations = (result: Cruise) =>
  result.summary.violations.map(({ from, to, rule }) => ({ from, to, rule: rule.name }));

const moduleOf = (path: string): string | undefined => /\/modules\/([^/]+)\//.exec(path)?.[1];

/**
 * Cycles between modules, however many files apart: the file graph collapsed to one node per
 * module, then every strongly connected group of two or more (Tarjan). Each cycle is sorted.
 */
function moduleCycles(result: Cruise): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const file of result.modules) {
    const from = moduleOf(file.source);
    if (!from) continue;
    for (const dependency of file.dependencies) {
      const to = moduleOf(dependency.resolved);
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== node);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('server dependency rules', () => {
  const source = cruise('server/src');
  const fixture = cruise(FIXTURE);

  it('no module reaches into another, infrastructure imports no module, the CLI uses contracts, nothing imports an entry point, only payments imports its gateways', () => {
    expect(violations(source)).toEqual([]);
  });

  it('no two modules depend on each other, even through their contracts', () => {
    expect(moduleCycles(source)).toEqual([]);
  });

  it('each rule reports its deliberate violation in the fixture, and only that one', () => {
    expect(violations(fixture)).toEqual(
      expect.arrayContaining([
        {
          from: `${FIXTURE}/modules/billing/violation.ts`,
          to: `${FIXTURE}/modules/ledger/internal/ledger-entry.ts`,
          rule: 'module-internals',
        },
        {
          from: `${FIXTURE}/infrastructure/mail/violation.ts`,
          to: `${FIXTURE}/modules/ledger/contracts/entry-posted.event.ts`,
          rule: 'infrastructure-imports-no-module',
        },
        {
          from: `${FIXTURE}/cli/violation.ts`,
          to: `${FIXTURE}/modules/ledger/internal/ledger-entry.ts`,
          rule: 'cli-through-contracts',
        },
        {
          from: `${FIXTURE}/modules/billing/app-wiring-violation.ts`,
          to: `${FIXTURE}/app.module.ts`,
          rule: 'entry-points-stay-on-top',
        },
        {
          from: `${FIXTURE}/app.factory.ts`,
          to: `${FIXTURE}/modules/payments/gateways/stripe/stripe.gateway.ts`,
          rule: 'payments-owns-its-gateways',
        },
      ]),
    );
    expect(violations(fixture)).toHaveLength(5);
  });

  it('reports the deliberate module cycle in the fixture, and only that one', () => {
    expect(moduleCycles(fixture)).toEqual([['billing', 'ledger']]);
  });
});
