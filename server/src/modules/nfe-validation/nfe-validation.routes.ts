import { NFE_VALIDATION_MAX_BYTES, ZNfeValidationQuery, ZNfeValidationResponse } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { readIndexedFacts } from '../tax/tax-facts-cache.js';
import './nfe-validation.codes.js';
import { nfeTablesOf } from './nfe-tables.js';
import { validateNfeXml } from './nfe-validation.service.js';

const tags = ['Validação de NF-e'];

/** A body read by this area's own parser: the bytes, and whether they came as XML. */
interface RawBody {
  xml: boolean;
  bytes: Buffer;
}

export default async function nfeValidationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The XML comes as the raw body. Any content type is read here (this plugin's scope only) so that a wrong one
  // gets a 415 in Portuguese naming the right one, and the 5 MB limit a 413 saying 5 MB.
  app.addContentTypeParser('*', (req, payload, done) => {
    const type = String(req.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    const declared = Number(req.headers['content-length']);
    if (declared > NFE_VALIDATION_MAX_BYTES) return done(new AppError('NFE_TOO_LARGE'), undefined);
    const chunks: Buffer[] = [];
    let size = 0;
    payload.on('data', (c: Buffer) => {
      size += c.length;
      if (size > NFE_VALIDATION_MAX_BYTES) {
        payload.removeAllListeners('data');
        payload.resume();
        done(new AppError('NFE_TOO_LARGE'), undefined);
        return;
      }
      chunks.push(c);
    });
    payload.on('end', () => {
      if (size <= NFE_VALIDATION_MAX_BYTES)
        done(null, {
          xml: type === 'application/xml' || type === 'text/xml',
          bytes: Buffer.concat(chunks),
        } satisfies RawBody);
    });
    payload.on('error', (e) => done(e, undefined));
  });

  app.post(
    '/nfe/validate',
    {
      preHandler: app.requirePermission('read:reference:global'),
      config: { apiKey: true },
      schema: {
        tags,
        summary: 'Valida uma NF-e/NFC-e antes da SEFAZ: esquema XSD e regras de validação em vigor na data',
        description:
          'O XML (NFe ou nfeProc, modelo 55 ou 65, até 5 MB) é o corpo da requisição, com `Content-Type: application/xml`. ' +
          'A resposta traz todas as rejeições encontradas (código, regra do MOC/NT, campo, esperado e encontrado), não só a ' +
          'primeira, e em `alertas` as regras do momento da recepção. `?data=AAAA-MM-DD` aplica as regras de outra data. ' +
          'Autenticação: sessão (`Authorization: Bearer`) ou chave de API.',
        querystring: ZNfeValidationQuery,
        response: { 200: ZNfeValidationResponse },
      },
    },
    async (req) => {
      const body = req.body as RawBody | Record<string, unknown> | undefined;
      if (typeof body !== 'object' || body === null || !('bytes' in body) || !body.xml)
        throw new AppError('NFE_CONTENT_TYPE');
      const tabelas = nfeTablesOf(await readIndexedFacts(app.db));
      return validateNfeXml((body as RawBody).bytes, { data: req.query.data, tabelas });
    },
  );
}
