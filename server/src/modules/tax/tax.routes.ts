import {
  type TNfeEnvelope,
  type TTaxCalculateResponse,
  ZNfeEnvelope,
  ZOperationStAgreement,
  ZStAgreementLookupQuery,
  ZTaxCalculateNfeRequest,
  ZTaxCalculateNfeResponse,
  ZTaxCalculateRequest,
  ZTaxCalculateResponse,
  ZUfTaxRuleList,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { validateComputedNfe } from '../nfe-validation/nfe-computed-validation.js';
import { NfeLinesPool } from './nfe-lines/nfe-lines-pool.js';
import { lookUpStAgreement } from './st-agreement-lookup.js';
import * as service from './tax.service.js';
import { serializeTaxItem } from './tax-answer-print.js';
import { calculateTaxNfeFromBody } from './tax-nfe.service.js';

const tags = ['Motor tributário'];

export default async function taxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Threads sharing the lines of large whole invoices (decision 050), started on the first one.
  const nfeLines = new NfeLinesPool(app.config.taxNfeThreads, (message) => app.log.warn(message));
  app.addHook('onClose', () => nfeLines.close());

  app.post(
    '/tax/calculate',
    {
      schema: {
        tags,
        summary: 'Calcula um item de NF-e: ICMS, ST, FCP, DIFAL, desoneração, diferimento, IPI, PIS/COFINS e IBS/CBS',
        description:
          'Campos com os nomes das tags da NF-e; valores e alíquotas aceitam número ou texto decimal. A resposta traz ' +
          'cada campo arredondado como o MOC da NF-e e a `memoria`: os passos do cálculo com fórmula, valores e base legal. ' +
          'Autenticação: o token de sessão como `Authorization: Bearer`.',
        body: ZTaxCalculateRequest,
        response: { 200: ZTaxCalculateResponse },
      },
      // Reading reference data: every signed-in role may calculate.
      preHandler: app.requirePermission('read:reference:global'),
      // The engine's own output, printed as the schema would (see serializeTaxItem), as UTF-8 bytes: Fastify sends
      // a serializer's Buffer as it is (its type says string).
      serializerCompiler: () => (data) => serializeTaxItem(data as TTaxCalculateResponse) as unknown as string,
    },
    (req) => service.calculateTaxItem(app.db, req.body),
  );

  app.post(
    '/tax/calculate-nfe',
    {
      schema: {
        tags,
        summary: 'Calcula uma NF-e inteira: cada item como em /tax/calculate e os totais ICMSTot e IBSCBSTot',
        description:
          'Uma `operacao` e de 1 a 990 `itens`, cada um no formato de `item` de /tax/calculate. A resposta traz ' +
          '`itens` (a resposta de /tax/calculate de cada item, na ordem enviada) e `total`: as somas dos itens e o ' +
          'vNF pela fórmula do MOC (W16). Um item inválido responde 400 com o campo `itens[i].campo`; nada é calculado. ' +
          'Com `validar: true`, a resposta traz também `validacao`: as rejeições que a NF-e calculada receberia.',
        body: ZTaxCalculateNfeRequest,
        response: { 200: ZTaxCalculateNfeResponse },
      },
      preHandler: app.requirePermission('read:reference:global'),
      // Fastify checks the operação and the item count (ZNfeEnvelope); the items are checked by the service while
      // it computes (decision 053), and a refused item gets what the full schema above answers for the body.
      validatorCompiler: ({ method, url, httpPart, schema }) =>
        validatorCompiler({ method, url, httpPart, schema: httpPart === 'body' ? ZNfeEnvelope : (schema as never) }),
    },
    // The answer is printed while it is computed (printNfeLines), as the response schema would print it: its bytes
    // go out as they are, with the JSON type Fastify gives a serialized answer.
    async (req, reply) => {
      const body = req.body as unknown as TNfeEnvelope;
      const answer = await calculateTaxNfeFromBody(app.db, body, nfeLines);
      if (!body.validar) return reply.type('application/json; charset=utf-8').send(answer as never);
      // validar: the rule book's answer on the computed invoice, added as the answer's last key.
      const validacao = Buffer.from(`,"validacao":${JSON.stringify(await validateComputedNfe(app.db, body))}}`);
      const end = answer.lastIndexOf('}');
      return reply
        .type('application/json; charset=utf-8')
        .send(Buffer.concat([answer.subarray(0, end), validacao]) as never);
    },
  );

  app.get(
    '/tax/uf-rules',
    {
      schema: {
        tags,
        summary: 'Regras estaduais em vigor: método do DIFAL, fórmula da desoneração, cBenef, fonte e vigência',
        response: { 200: ZUfTaxRuleList },
      },
      preHandler: app.requirePermission('read:reference:global'),
    },
    () => service.listUfRules(app.db),
  );

  app.get(
    '/tax/st-agreement',
    {
      schema: {
        tags,
        summary: 'Acordo de ICMS-ST entre duas UFs para um CEST numa data: instrumento, MVA original, fonte e vigência',
        description:
          'Lê os acordos interestaduais (Protocolos e Convênios ICMS) mantidos pelo Admin. `situacao`: com-acordo, ' +
          'sem-acordo (pesquisado, sem acordo) ou sem-dados (o par e o segmento do CEST não foram registrados).',
        querystring: ZStAgreementLookupQuery,
        response: { 200: ZOperationStAgreement },
      },
      preHandler: app.requirePermission('read:reference:global'),
    },
    (req) => lookUpStAgreement(app.db, req.query),
  );
}
