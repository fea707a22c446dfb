/**
 * Module boundaries of the server: a module may import its own files and other modules'
 * contracts/ folders, never their internals. The same rule runs over a deliberately bad
 * fixture (server/test/architecture/fixture) so a typo here cannot switch it off unnoticed.
 */
const modulesRoot = '^(server/src|server/test/architecture/fixture)/modules/';

module.exports = {
  forbidden: [
    {
      name: 'module-internals',
      severity: 'error',
      comment: 'Talk to another module through its contracts/ (commands, queries, integration events).',
      from: { path: `${modulesRoot}([^/]+)/` },
      to: {
        path: `${modulesRoot}[^/]+/`,
        pathNot: ['^$1/modules/$2/', '^$1/modules/[^/]+/contracts/'],
      },
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
