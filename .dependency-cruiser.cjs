/**
 * The server's dependency rules. Each also runs over a deliberately bad fixture
 * (server/test/architecture/fixture, laid out like server/src) so a typo here cannot switch a rule
 * off unnoticed: the architecture test expects every fixture violation, and nothing else.
 *
 * - A module imports its own files and other modules' contracts/ folders, never their internals.
 * - Modules do not depend on each other in a cycle, even through contracts (checked by the test on
 *   the module graph: no file cycle is needed for two modules to know each other).
 * - infrastructure/ holds no business rules, so it imports no module.
 * - cli/ is an entry point like a controller from outside: it sends modules' contracts through the
 *   buses of the app wiring (app.module), never their handlers, entities or other internals.
 * - Nothing inside modules/ or infrastructure/ imports an entry point (cli/, app wiring, main, worker).
 * - Payments owns its gateways (adapters and the development-only sandbox under
 *   modules/payments/gateways/): nothing outside the payments module imports them, not even the app's
 *   wiring; others reach a gateway through its port. Tests (server/test) may.
 */
const root = '^(server/src|server/test/architecture/fixture)/';

module.exports = {
  forbidden: [
    {
      name: 'module-internals',
      severity: 'error',
      comment: 'Talk to another module through its contracts/ (commands, queries, integration events).',
      from: { path: `${root}modules/([^/]+)/` },
      to: {
        path: `${root}modules/[^/]+/`,
        pathNot: ['^$1/modules/$2/', '^$1/modules/[^/]+/contracts/'],
      },
    },
    {
      name: 'infrastructure-imports-no-module',
      severity: 'error',
      comment: 'infrastructure/ is database, queues, mail, config: no business rules, so no module.',
      from: { path: `${root}infrastructure/` },
      to: { path: `${root}modules/` },
    },
    {
      name: 'cli-through-contracts',
      severity: 'error',
      comment: 'A CLI command sends a module\'s contracts (commands, queries) like any other caller.',
      from: { path: `${root}cli/` },
      to: { path: `${root}modules/[^/]+/`, pathNot: '^$1/modules/[^/]+/contracts/' },
    },
    {
      name: 'entry-points-stay-on-top',
      severity: 'error',
      comment: 'Modules and infrastructure are wired by the entry points, never the other way round.',
      from: { path: `${root}(modules|infrastructure)/` },
      to: { path: `${root}(cli/|(app\\.module|app\\.factory|main|worker)\\.ts$)` },
    },
    {
      name: 'payments-owns-its-gateways',
      severity: 'error',
      comment: 'Only the payments module imports its gateways; everything else goes through the ports.',
      from: { path: root, pathNot: `${root}modules/payments/` },
      to: { path: `${root}modules/payments/gateways/` },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^server/src' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  },
};
