import {
  ZCbenefList,
  ZCbenefQuery,
  ZCclasstribList,
  ZCclasstribQuery,
  ZCestCodeParam,
  ZCestFits,
  ZCestFitsQuery,
  ZCestList,
  ZCestQuery,
  ZCfopList,
  ZCfopQuery,
  ZCstList,
  ZCstQuery,
  ZIpiEnquadramentoList,
  ZNcmCodeParam,
  ZNcmDateQuery,
  ZNcmDetail,
  ZNcmList,
  ZNcmSearchQuery,
  ZNcmValidity,
  ZReferenceSourceList,
  ZUfRateList,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkCestFits,
  getNcm,
  getNcmValidity,
  getUfRates,
  listCbenefs,
  listCclasstribs,
  listCests,
  listCfops,
  listCsts,
  listIpiEnquadramentos,
  listSources,
  searchNcm,
} from './reference.service.js';

const tags = ['Tabelas de referência'];
const security: { [label: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];

export default async function referenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requirePermission('read:reference');

  app.get(
    '/reference/ncm',
    {
      schema: {
        tags,
        security,
        summary: 'Pesquisa NCM por prefixo do código ou por palavras (sem acentos, ordenado por relevância)',
        querystring: ZNcmSearchQuery,
        response: { 200: ZNcmList },
      },
      preHandler,
    },
    async (request) => searchNcm(app.db, request.query),
  );

  app.get(
    '/reference/ncm/:code',
    {
      schema: {
        tags,
        security,
        summary: 'NCM pelo código, com a descrição completa e se está vigente na data',
        params: z.object({ code: ZNcmCodeParam }),
        querystring: ZNcmDateQuery,
        response: { 200: ZNcmDetail },
      },
      preHandler,
    },
    async (request) => getNcm(app.db, request.params.code, request.query.date),
  );

  app.get(
    '/reference/ncm/:code/validity',
    {
      schema: {
        tags,
        security,
        summary: 'Se o NCM está vigente na data (hoje quando omitida)',
        params: z.object({ code: ZNcmCodeParam }),
        querystring: ZNcmDateQuery,
        response: { 200: ZNcmValidity },
      },
      preHandler,
    },
    async (request) => getNcmValidity(app.db, request.params.code, request.query.date),
  );

  app.get(
    '/reference/cest',
    {
      schema: {
        tags,
        security,
        summary: 'CESTs (os que correspondem ao NCM quando informado)',
        querystring: ZCestQuery,
        response: { 200: ZCestList },
      },
      preHandler,
    },
    async (request) => listCests(app.db, request.query),
  );

  app.get(
    '/reference/cest/:code/fits',
    {
      schema: {
        tags,
        security,
        summary: 'Se o CEST corresponde ao NCM',
        params: z.object({ code: ZCestCodeParam }),
        querystring: ZCestFitsQuery,
        response: { 200: ZCestFits },
      },
      preHandler,
    },
    async (request) => checkCestFits(app.db, request.params.code, request.query.ncm),
  );

  app.get(
    '/reference/cfop',
    {
      schema: { tags, security, summary: 'CFOPs', querystring: ZCfopQuery, response: { 200: ZCfopList } },
      preHandler,
    },
    async (request) => listCfops(app.db, request.query),
  );

  app.get(
    '/reference/cst',
    {
      schema: {
        tags,
        security,
        summary: 'CST ICMS, CSOSN, CST IPI, PIS, COFINS e IBS/CBS',
        querystring: ZCstQuery,
        response: { 200: ZCstList },
      },
      preHandler,
    },
    async (request) => listCsts(app.db, request.query.type),
  );

  app.get(
    '/reference/cclasstrib',
    {
      schema: {
        tags,
        security,
        summary: 'cClassTrib do IBS/CBS com reduções e vigência',
        querystring: ZCclasstribQuery,
        response: { 200: ZCclasstribList },
      },
      preHandler,
    },
    async (request) => listCclasstribs(app.db, request.query.cst, request.query.ncm),
  );

  app.get(
    '/reference/ipi-enquadramento',
    {
      schema: {
        tags,
        security,
        summary: 'Códigos de enquadramento legal do IPI',
        response: { 200: ZIpiEnquadramentoList },
      },
      preHandler,
    },
    async () => listIpiEnquadramentos(app.db),
  );

  app.get(
    '/reference/cbenef',
    {
      schema: {
        tags,
        security,
        summary: 'Códigos de benefício fiscal (cBenef) vigentes de uma UF',
        querystring: ZCbenefQuery,
        response: { 200: ZCbenefList },
      },
      preHandler,
    },
    async (request) => listCbenefs(app.db, request.query.uf),
  );

  app.get(
    '/reference/uf-rates',
    {
      schema: { tags, security, summary: 'Alíquota interna de ICMS e FCP por UF', response: { 200: ZUfRateList } },
      preHandler,
    },
    async () => getUfRates(app.db),
  );

  app.get(
    '/reference/sources',
    {
      schema: {
        tags,
        security,
        summary: 'Fonte, data de referência, carga e linhas de cada tabela oficial',
        response: { 200: ZReferenceSourceList },
      },
      preHandler,
    },
    async () => listSources(app.db),
  );
}
