import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Headers of the bare probe answer that are not helmet's. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's security headers on every answer. @fastify/helmet builds its middleware from the options on
 * every request (CSP directives parsed again each time: ~5 % of a POST /tax/calculate, issue 14). The
 * headers depend on the options only, so they are computed once — by @fastify/helmet itself, on a probe
 * instance with the same options — and set on each answer the way helmet sets them (on the raw response,
 * so a route's own header still wins).
 */
export default fp(
  async (app: FastifyInstance, opts: FastifyHelmetOptions) => {
    const probe = Fastify();
    await probe.register(helmet, opts);
    probe.get('/', async () => '');
    const answer = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    const headers = Object.entries(answer.headers).filter(
      (entry): entry is [string, string | string[]] => !NOT_HELMET.has(entry[0]) && entry[1] !== undefined,
    );
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
