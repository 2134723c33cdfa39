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
    app.addHook('preValidation', async (request) => {
      for (const [where, value] of [
        ['', request.params],
        ['', request.query],
        ['', request.body],
      ] as const) {
        const field = findUnsafeText(value, where);
        if (field !== null) {
          throw new AppError('TEXT_INVALID', unsafeTextMessage(field), [
            { field: field || undefined, message: unsafeTextMessage(field) },
          ]);
        }
      }
    });
  },
  { name: 'safe-input' },
);
