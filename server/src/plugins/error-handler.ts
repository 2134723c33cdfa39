import { TaxInputError } from '@app/tax-engine';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, describeError } from '../lib/app-error.js';
import { describeForLog, describeFrameworkError } from './http-statuses.js';

/** One handler: AppError → its status and pt-BR message; validation → 400 with errors[]; the rest → 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.status).send({
        status: err.status,
        code: err.code,
        detail: err.message,
        ...(err.errors ? { errors: err.errors } : {}),
      });
    }
    if (err instanceof TaxInputError) {
      // The tax engine refuses an input the request schema let through: a 400 naming the field.
      const errors = [{ field: err.field, message: err.message }];
      return reply.status(400).send({ status: 400, code: 'VALIDATION', detail: err.message, errors });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined,
        message: v.message ?? 'Valor inválido.',
      }));
      return reply
        .status(400)
        .send({ status: 400, code: 'VALIDATION', detail: errors[0]?.message ?? 'Dados inválidos.', errors });
    }
    if (err.statusCode === 429) {
      const def = describeError('RATE_LIMITED');
      return reply.status(429).send({ status: 429, code: 'RATE_LIMITED', detail: def.message });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500 && !isResponseSerializationError(err)) {
      // Fastify's own 4xx (bad JSON, body too large, unsupported media type): safe to describe.
      const status = err.statusCode;
      return reply.status(status).send({ status, code: 'VALIDATION', detail: describeFrameworkError(err, status) });
    }
    request.log.error({ err: describeForLog(err) }, 'unhandled error');
    // Never leak internals of a 5xx.
    return reply.status(500).send({ status: 500, code: 'INTERNAL', detail: describeError('INTERNAL').message });
  });
}
