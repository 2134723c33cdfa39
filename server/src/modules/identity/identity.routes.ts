import {
  identityMessages,
  ZCheckUserBody,
  ZCheckUserResult,
  ZCurrentUser,
  ZMessage,
  ZPasswordResetOwner,
  ZPasswordResetParam,
  ZResetPasswordBody,
  ZSetPasswordBody,
  ZSignInBody,
  ZSignInResult,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../../plugins/auth.js';
import {
  checkUser,
  describePasswordReset,
  getCurrentUser,
  requestPasswordReset,
  SESSION_TTL_MS,
  setPassword,
  signIn,
  signOut,
} from './identity.service.js';
import { identityLimits as L, limitPerEmail, limitPerIp, limitSigninPerEmail } from './rate-limits.js';

const tags = ['Identidade'];

export default async function identityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/users/check',
    {
      schema: {
        tags,
        summary: 'Verifica se o e-mail existe e se já tem senha',
        body: ZCheckUserBody,
        response: { 200: ZCheckUserResult },
      },
      config: { public: true },
      onRequest: limitPerIp(app, 'check', L.check.ip, L.check.window),
      preHandler: limitPerEmail(app, 'check', L.check.email, L.check.window),
    },
    async (request) => checkUser(app, request.body.email),
  );

  app.post(
    '/users/signin',
    {
      schema: {
        tags,
        summary: 'Entra e abre uma sessão (cookie e token Bearer)',
        body: ZSignInBody,
        response: { 200: ZSignInResult },
      },
      config: { public: true },
      onRequest: limitPerIp(app, 'signin', L.signin.ip, L.signin.window),
      preHandler: limitSigninPerEmail(app),
    },
    async (request, reply) => {
      const result = await signIn(app, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      reply.setCookie(SESSION_COOKIE, result.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.cookieSecure,
        maxAge: SESSION_TTL_MS / 1000,
      });
      return result;
    },
  );

  app.post(
    '/users/signout',
    { schema: { tags, summary: 'Encerra a sessão atual', response: { 200: ZMessage } }, config: { public: true } },
    async (request, reply) => {
      await signOut(app, request.actor);
      reply.clearCookie(SESSION_COOKIE, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.cookieSecure,
      });
      return { message: identityMessages.signedOut };
    },
  );

  app.get(
    '/users/me',
    {
      schema: { tags, summary: 'Usuário da sessão', response: { 200: ZCurrentUser } },
      preHandler: app.authenticate,
    },
    async (request) => getCurrentUser(request.actor!),
  );

  app.post(
    '/users/reset-password',
    {
      schema: {
        tags,
        summary: 'Envia por e-mail um link de cadastro de senha',
        body: ZResetPasswordBody,
        response: { 200: ZMessage },
      },
      config: { public: true },
      onRequest: limitPerIp(app, 'resetPassword', L.resetPassword.ip, L.resetPassword.window),
      preHandler: limitPerEmail(app, 'password-mail', L.resetPassword.email, L.resetPassword.window),
    },
    async (request) => requestPasswordReset(app, request.body.email, request.actor),
  );

  app.post(
    '/users/setpassword',
    {
      schema: {
        tags,
        summary: 'Cadastra a senha pelo link (ou envia o link ao e-mail)',
        body: ZSetPasswordBody,
        response: { 200: ZMessage },
      },
      config: { public: true },
      onRequest: limitPerIp(app, 'setPassword', L.setPassword.ip, L.setPassword.window),
      // With only an e-mail this call sends the same link as reset-password: the same per-address counter.
      preHandler: limitPerEmail(app, 'password-mail', L.resetPassword.email, L.resetPassword.window),
    },
    async (request) => setPassword(app, request.body),
  );

  app.get(
    '/users/setpassword/:passwordResetId',
    {
      schema: {
        tags,
        summary: 'Nome de quem recebeu o link de cadastro de senha (a página o cumprimenta)',
        params: ZPasswordResetParam,
        response: { 200: ZPasswordResetOwner },
      },
      config: { public: true },
      onRequest: limitPerIp(app, 'setPassword', L.setPassword.ip, L.setPassword.window),
    },
    async (request) => describePasswordReset(app, request.params.passwordResetId),
  );
}
