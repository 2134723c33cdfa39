import { inspectJsonText, jsonTooDeepMessage, unsafeTextMessage } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/**
 * Refuses a NUL byte or a lone surrogate in ANY string of the query, the path or the JSON body, for
 * every route at once, before validation (issue 15), and JSON nested deeper than any request of ours
 * (issue 24). Uploaded files are checked by their readers.
 *
 * An empty query parameter (`?code=`, what a form with an untouched field sends) means "not given" on
 * every route (issue 24): it is removed before validation, so optional parameters need no '' case.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      dropEmptyQueryValues(request.query);
      for (const value of [request.params, request.query, request.body]) {
        const found = inspectJsonText(value);
        if (found === null) continue;
        if ('tooDeep' in found) return done(new AppError('VALIDATION', jsonTooDeepMessage));
        const message = unsafeTextMessage(found.field);
        return done(new AppError('TEXT_INVALID', message, [{ field: found.field || undefined, message }]));
      }
      done();
    });
  },
  { name: 'safe-input' },
);

function dropEmptyQueryValues(query: unknown): void {
  if (query === null || typeof query !== 'object') return;
  const params = query as Record<string, unknown>;
  for (const [key, value] of Object.entries(params)) {
    if (value === '') delete params[key];
    else if (Array.isArray(value)) {
      const given = value.filter((v) => v !== '');
      if (given.length === 0) delete params[key];
      else if (given.length !== value.length) params[key] = given.length === 1 ? given[0] : given;
    }
  }
}
