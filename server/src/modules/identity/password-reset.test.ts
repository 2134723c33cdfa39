import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createSessionToken, createUser } from '../../db/factories.js';
import { auditEvents, passwordResets, users } from '../../db/schema/index.js';
import { createMailer } from '../../lib/mailer.js';
import { hashToken } from '../../lib/tokens.js';
import { identityLimits } from './rate-limits.js';

/** A real SMTP server on a free local port; the app sends through nodemailer to it. */
const received: { to: string; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw: decodeMail(raw) });
      callback();
    });
  },
});

/** Quoted-printable body → text (the =XX escapes are UTF-8 bytes). */
function decodeMail(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const publicUrl = 'http://plataforma.test:8080';
let ctx: TestContext;
let ipSeq = 0;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/public${url}`,
    payload,
    headers: { 'x-forwarded-for': `10.2.0.${++ipSeq % 250}`, ...headers },
  });

async function waitForMail(to: string, after: number) {
  for (let i = 0; i < 100; i++) {
    const mail = received.slice(after).find((m) => m.to === to);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
}

const linkIn = (text: string) => {
  const m = /http:\/\/plataforma\.test:8080(\/login\/[0-9a-f-]{36})/.exec(text);
  if (!m) throw new Error(`no link in ${text}`);
  return { path: m[1]!, resetId: m[1]!.slice('/login/'.length) };
};

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  const silent = { info: () => undefined } as unknown as FastifyBaseLogger;
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Plataforma <no-reply@test>', log: silent });
  ctx = await createTestApp({ publicUrl }, { mailer });
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describe('password reset through a real SMTP server', () => {
  it('mails a 43-character /login/{uuid} link that sets the password once; sign-in then works', async () => {
    const user = await createUser(ctx.db, { role: 'Admin', name: 'Rita' });
    const oldSession = await createSessionToken(ctx.db, user.id);
    const before = received.length;
    const res = await post('/users/reset-password', { email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Enviamos um e-mail com o link para cadastrar sua senha.' });

    const mail = await waitForMail(user.email, before);
    expect(mail.raw).toContain('Olá, Rita.');
    const { path, resetId } = linkIn(mail.raw);
    expect(path).toHaveLength(43);
    const [stored] = await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored!.tokenHash).toBe(hashToken(resetId));
    expect((stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 3_600_000).toBeCloseTo(24, 1);

    const set = await post('/users/setpassword', { password: 'NovaSenha#1', passwordResetId: resetId });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ message: 'Senha cadastrada com sucesso!' });
    const signin = await post('/users/signin', { email: user.email, password: 'NovaSenha#1' });
    expect(signin.statusCode).toBe(200);
    expect(signin.json().name).toBe('Rita');
    const old = await post('/users/signin', { email: user.email, password: user.password });
    expect(old.json().detail).toBe('Senha incorreta!');

    // Single use, and the new password ended the sessions opened before it.
    const again = await post('/users/setpassword', { password: 'OutraSenha#2', passwordResetId: resetId });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'RESET_LINK_INVALID',
      detail: 'Link de cadastro de senha inválido ou expirado.',
    });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/v1/public/users/me',
      headers: { authorization: `Bearer ${oldSession}` },
    });
    expect(me.statusCode).toBe(401);
    const codes = (await ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, user.id))).map((a) => a.code);
    expect(codes).toEqual(expect.arrayContaining([1004, 1003]));
  });

  it('a passwordless user typing only the e-mail gets a link by mail; the password is not set', async () => {
    const user = await createUser(ctx.db, { role: 'Admin', password: null });
    const before = received.length;
    const res = await post('/users/setpassword', { email: user.email, password: 'TentaSenha#1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Enviamos um link para o seu e-mail para cadastrar a senha.' });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBeNull();
    const { resetId } = linkIn((await waitForMail(user.email, before)).raw);
    expect((await post('/users/setpassword', { password: 'MinhaSenha#1', passwordResetId: resetId })).statusCode).toBe(
      200,
    );
    expect((await post('/users/signin', { email: user.email, password: 'MinhaSenha#1' })).statusCode).toBe(200);
  });
});

describe('reset and set-password rules', () => {
  it("unknown e-mail: 404 'E-mail não cadastrado!' on both calls", async () => {
    for (const [url, body] of [
      ['/users/reset-password', { email: 'ninguem@example.com' }],
      ['/users/setpassword', { email: 'ninguem@example.com', password: 'Senha#123' }],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_FOUND', detail: 'E-mail não cadastrado!' });
    }
  });

  it('an expired or unknown link is refused', async () => {
    const user = await createUser(ctx.db, { role: 'Admin', password: null });
    const before = received.length;
    await post('/users/reset-password', { email: user.email });
    const { resetId } = linkIn((await waitForMail(user.email, before)).raw);
    await ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(resetId)));
    for (const id of [resetId, crypto.randomUUID(), 'qualquer-coisa']) {
      const res = await post('/users/setpassword', { password: 'Senha#1234', passwordResetId: id });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('RESET_LINK_INVALID');
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBeNull();
  });

  it('validates the password and the payload in Portuguese', async () => {
    const short = await post('/users/setpassword', { password: '1234567', passwordResetId: crypto.randomUUID() });
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toBe('A senha deve ter pelo menos 8 caracteres.');
    const neither = await post('/users/setpassword', { password: 'Senha#1234' });
    expect(neither.json().detail).toBe('Informe o link de cadastro de senha ou o e-mail.');
    const noEmail = await post('/users/reset-password', { email: '' });
    expect(noEmail.json().detail).toBe('Preencha o campo do e-mail!');
  });

  it('reset-password is rate limited per e-mail', async () => {
    const user = await createUser(ctx.db, { role: 'Admin' });
    for (let i = 0; i < identityLimits.resetPassword.email; i++) {
      expect((await post('/users/reset-password', { email: user.email })).statusCode).toBe(200);
    }
    expect((await post('/users/reset-password', { email: user.email })).statusCode).toBe(429);
  });

  it('set-password is rate limited per IP', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.55' };
    for (let i = 0; i < identityLimits.setPassword.ip; i++) {
      const res = await post('/users/setpassword', { password: 'Senha#1234', passwordResetId: 'x' }, headers);
      expect(res.statusCode).toBe(400);
    }
    const res = await post('/users/setpassword', { password: 'Senha#1234', passwordResetId: 'x' }, headers);
    expect(res.statusCode).toBe(429);
  });
});
