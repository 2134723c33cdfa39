import {
  NFE_VALIDATION_MAX_BYTES,
  ZNfeCompleteResponse,
  ZNfeValidationQuery,
  ZNfeValidationResponse,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { readIndexedFacts } from '../tax/tax-facts-cache.js';
import './nfe-validation.codes.js';
import { completeNfeXml } from './nfe-complete.service.js';
import { nfeTablesOf } from './nfe-tables.js';
import { validateNfeXml } from './nfe-validation.service.js';

const tags = ['Validação de NF-e'];

/**
 * A body read by this area's own parser: the bytes, and whether they came as XML. The bytes sit in a private field:
 * the server-wide input check (plugins/safe-input.ts) walks every enumerable key of a body, and a Buffer's are one
 * per byte — 58 KB of them cost more than validating the NF-e. The XML's own text is checked by its parser.
 */
class RawBody {
  readonly #bytes: Buffer;
  constructor(
    readonly xml: boolean,
    bytes: Buffer,
  ) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
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
        done(null, new RawBody(type === 'application/xml' || type === 'text/xml', Buffer.concat(chunks)));
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
      const body = req.body;
      if (!(body instanceof RawBody) || !body.xml) throw new AppError('NFE_CONTENT_TYPE');
      const tabelas = nfeTablesOf(await readIndexedFacts(app.db));
      return validateNfeXml(body.bytes, { data: req.query.data, tabelas });
    },
  );
  app.post(
    '/nfe/complete',
    {
      preHandler: app.requirePermission('read:reference:global'),
      config: { apiKey: true },
      schema: {
        tags,
        summary: 'Completa os impostos de uma NF-e/NFC-e com o motor tributário e a valida (sem assinatura)',
        description:
          'O XML (NFe ou nfeProc, modelo 55 ou 65, até 5 MB) é o corpo, com `Content-Type: application/xml`, como em ' +
          '/nfe/validate. Cada item traz prod, CFOP, CST/CSOSN, cClassTrib e as alíquotas que a lei deixa ao emitente ' +
          '(pICMS, pMVAST, pICMSST, pFCP, pIPI, pPIS, pCOFINS…); o serviço calcula os grupos de imposto (ICMS, ICMS-ST, ' +
          'FCP, DIFAL, IPI, PIS, COFINS, IBS/CBS com gDif/gRed, IS) e os totais (ICMSTot, IBSCBSTot, ISTot, vNF, vNFTot) ' +
          'e devolve, em JSON, `xml` (a NF-e completada, sem assinatura: o ERP a assina) com a validação do documento ' +
          'completado (`valida`, `rejeicoes`, `alertas`, `regras`). Onde a tabela oficial de cClassTrib fixa o ' +
          'diferimento (510001, 515001), gDif vem dela. Um item que não pode ser calculado responde 400 com o item e a ' +
          'tag (`NFe/infNFe/det[nItem=2]/imposto/ICMS/pICMS`). `?data=AAAA-MM-DD` calcula e valida com os fatos de outra data.',
        querystring: ZNfeValidationQuery,
        response: { 200: ZNfeCompleteResponse },
      },
    },
    async (req) => {
      const body = req.body;
      if (!(body instanceof RawBody) || !body.xml) throw new AppError('NFE_CONTENT_TYPE');
      return completeNfeXml(app.db, body.bytes, { data: req.query.data });
    },
  );
}
