import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import type { JobDefinition } from './jobs/job-definition.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { registerModules } from './modules/index.js';
import authPlugin from './plugins/auth.js';
import companyScopePlugin from './plugins/company-scope.js';
import dbPlugin from './plugins/db.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { answerClientError, answerFrameworkError } from './plugins/http-statuses.js';
import jobsPlugin from './plugins/jobs.js';
import requestGuards from './plugins/request-guards.js';
import safeInput from './plugins/safe-input.js';
import securityHeaders from './plugins/security-headers.js';
import { spaStaticOptions } from './plugins/static-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    mailer: Mailer;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Background jobs (default: every job of server/src/jobs/index.ts); tests may add their own. */
  jobDefinitions?: JobDefinition[];
}

export const API_PREFIX = '/v1/public';

/** Builds the Fastify app (plugins, routes, SPA); it does not listen (tests use app.inject). */
export async function buildApp(opts: BuildAppOptions) {
  const app = Fastify({
    logger: opts.logger ?? {
      level: opts.config.logLevel,
      // Tokens and cookies never reach the logs.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // The query string holds request values (e-mails, searches): logs keep the path only.
      serializers: {
        req: (req: { method: string; url: string; id: string }) => ({
          method: req.method,
          url: req.url.split('?')[0],
          reqId: req.id,
        }),
      },
    },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    trustProxy: opts.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', opts.config);
  app.decorate(
    'mailer',
    opts.mailer ?? createMailer({ smtpUrl: opts.config.smtpUrl, from: opts.config.mailFrom, log: app.log }),
  );

  registerErrorHandler(app);
  await app.register(securityHeaders, {
    // HSTS only when the app is served over HTTPS: on a plain-HTTP install it would pin browsers to https.
    hsts: opts.config.publicUrl.startsWith('https://'),
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        // Only over HTTPS: on plain HTTP (LAN address, local install) it would send every asset to https and fail.
        upgradeInsecureRequests: opts.config.cookieSecure ? [] : null,
      },
    },
  });
  await app.register(cookie);
  await app.register(requestGuards);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Plataforma Fiscal API', version: '1.0.0', description: 'API gerada a partir do contrato zod.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'session' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'erp_…',
            description:
              'Chave de API de um ERP (Integrações): "Authorization: Bearer erp_…". Age na empresa (ou nas empresas ' +
              'do parceiro) para a qual foi criada, nunca mais que quem a criou; limitada por minuto; revogável.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  await app.register(dbPlugin, { database: opts.database });
  await app.register(authPlugin);
  await app.register(safeInput);
  await app.register(companyScopePlugin);
  await app.register(jobsPlugin, { definitions: opts.jobDefinitions });

  await app.register(registerModules, { prefix: API_PREFIX });

  registerSpa(app, opts.config.webDistDir);
  return app;
}

/**
 * Serves the built SPA when present; unknown non-API GETs get index.html so client routes survive a reload.
 * API and asset misses answer a JSON/plain 404.
 */
function registerSpa(app: FastifyInstance, distDir: string) {
  const hasSpa = existsSync(path.join(distDir, 'index.html'));
  if (hasSpa) app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, ...spaStaticOptions });
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/v1/') || request.url.startsWith('/docs');
    const isAsset = request.url.startsWith('/assets/');
    if (hasSpa && request.method === 'GET' && !isApi && !isAsset) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      status: 404,
      code: 'NOT_FOUND',
      detail: `Rota não encontrada: ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
