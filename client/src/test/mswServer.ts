import { setupServer } from 'msw/node';

/** The one mock API of the client tests; add a test's answers with `mswServer.use(http.get(...))`. */
export const mswServer = setupServer();
