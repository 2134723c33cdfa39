import { findUnsafeText, unsafeTextMessage } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/**
 * Refuses a NUL byte or a lone surrogate in ANY string of the query, the path or the JSON body, for
 * every route at once, before validation (issue 15). Uploaded files are checked by their readers.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      for (const value of [request.params, request.query, request.body]) {
        const field = findUnsafeText(value);
        if (field === null) continue;
        const message = unsafeTextMessage(field);
        return done(new AppError('TEXT_INVALID', message, [{ field: field || undefined, message }]));
      }
      done();
    });
  },
  { name: 'safe-input' },
);
