// The no-database baseline: a bare Fastify server answering what signed-out /api/account/validate
// answers, with no framework, headers, logging or session lookup around it.
const fastify = require('fastify')({ logger: false });

fastify.get('/api/account/validate', async () => ({ status: 'success', isValid: false, user: null }));

fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => process.send?.('ready'));
process.on('SIGTERM', () => fastify.close().then(() => process.exit(0)));
