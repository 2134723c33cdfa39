import { ZNfeCompleteResponse, ZNfeValidationQuery, ZNfeValidationResponse } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readIndexedFacts } from '../tax/tax-facts-cache.js';
import './nfe-validation.codes.js';
import { parseRawBody, xmlBytesOf } from './nfe-body.js';
import { completeNfeXml } from './nfe-complete.service.js';
import { useNfeSchemaCheck } from './nfe-schema-check.js';
import { nfeTablesOf } from './nfe-tables.js';
import { validateNfeXml } from './nfe-validation.service.js';

const tags = ['Validação de NF-e'];

export default async function nfeValidationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The XML comes as the raw body: the body rules (415/413/400) of every NF-e call live in nfe-body.ts.
  app.addContentTypeParser('*', parseRawBody);

  // The XSD check's thread (decision 073), started on the first NF-e; the app's close stops it.
  const endSchemaCheck = useNfeSchemaCheck({
    thread: app.config.nfeSchemaThread,
    fast: app.config.nfeSchemaFast,
    timeoutMs: app.config.nfeSchemaTimeoutMs,
    maxPending: app.config.nfeSchemaMaxPending,
    maxQueuedBytes: app.config.nfeSchemaMaxQueuedBytes,
    log: (message) => app.log.warn(message),
  });
  app.addHook('onClose', endSchemaCheck);

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
      const bytes = xmlBytesOf(req.body);
      const tabelas = nfeTablesOf(await readIndexedFacts(app.db));
      return validateNfeXml(bytes, { data: req.query.data, tabelas });
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
      return completeNfeXml(app.db, xmlBytesOf(req.body), { data: req.query.data });
    },
  );
}
