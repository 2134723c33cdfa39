import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import {
  createCompany,
  createPartner,
  createSessionToken,
  createUser,
  linkMemberToCompany,
} from '../../db/factories.js';
import { DFE_TOKEN_TTL_SECONDS, signDfeToken, verifyDfeToken } from './dfe-token.js';

let ctx: TestContext;
const SECRET = 'dfe-secret-de-teste';

beforeAll(async () => {
  ctx = await createTestApp({ dfeTokenSecret: SECRET, dfeUrl: 'https://dfe.test/entrar' });
});

async function getToken(token?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: '/v1/public/users/dfe/temporaryAccessToken',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

describe('GET /users/dfe/temporaryAccessToken', () => {
  it.each(['Admin', 'PartnerOwner', 'PartnerContributor'] as const)('%s gets a signed 5-minute token', async (role) => {
    const partner = await createPartner(ctx.db);
    const user = await createUser(ctx.db, { role, partnerId: role === 'Admin' ? null : partner.id });
    const res = await getToken(await createSessionToken(ctx.db, user.id));
    expect(res.statusCode).toBe(200);
    const { token, url } = res.json();
    expect(url).toBe(`https://dfe.test/entrar?token=${token}`);
    const payload = verifyDfeToken(SECRET, token);
    expect(payload).toMatchObject({ sub: user.id, email: user.email });
    expect(payload!.exp - payload!.iat).toBe(DFE_TOKEN_TTL_SECONDS);
    expect(verifyDfeToken('outro-segredo', token)).toBeNull();
  });

  it('a Member with a linked company gets a token; without one, 404 NO_DFE_ACCOUNT', async () => {
    const partner = await createPartner(ctx.db);
    const lonely = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
    const res = await getToken(await createSessionToken(ctx.db, lonely.id));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NO_DFE_ACCOUNT' });

    const linked = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
    const company = await createCompany(ctx.db, { partnerId: partner.id });
    await linkMemberToCompany(ctx.db, linked.id, company.id);
    const ok = await getToken(await createSessionToken(ctx.db, linked.id));
    expect(ok.statusCode).toBe(200);
    expect(verifyDfeToken(SECRET, ok.json().token)?.sub).toBe(linked.id);
  });

  it('needs a session', async () => {
    expect((await getToken()).statusCode).toBe(401);
  });
});

describe('DFE token', () => {
  const user = { id: '00000000-0000-4000-8000-000000000001', email: 'a@b.c' };

  it('is pinned: payload and HMAC-SHA256 of a fixed input, computed outside this code (openssl dgst -hmac)', () => {
    const token = signDfeToken(
      'segredo-fixo',
      { id: '00000000-0000-4000-8000-000000000001', email: 'ana@exemplo.com.br' },
      1_700_000_000_000,
    );
    const [body, signature] = token.split('.');
    expect(JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'))).toEqual({
      sub: '00000000-0000-4000-8000-000000000001',
      email: 'ana@exemplo.com.br',
      iat: 1_700_000_000,
      exp: 1_700_000_300,
    });
    // echo -n "<body>" | openssl dgst -sha256 -hmac segredo-fixo -binary | base64 (url-safe, no padding)
    expect(signature).toBe('oRnX5U7ADWZ51HXtzMvn5Nre-hHM8uUlIq8bW2st0gs');
  });

  it('expires after 5 minutes', () => {
    const t0 = Date.UTC(2026, 0, 1);
    const token = signDfeToken(SECRET, user, t0);
    expect(verifyDfeToken(SECRET, token, t0 + 299_000)?.sub).toBe(user.id);
    expect(verifyDfeToken(SECRET, token, t0 + 300_000)).toBeNull();
  });

  it('rejects a tampered payload or malformed token', () => {
    const token = signDfeToken(SECRET, user);
    const [body, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), sub: 'x' }));
    expect(verifyDfeToken(SECRET, `${forged.toString('base64url')}.${sig}`)).toBeNull();
    expect(verifyDfeToken(SECRET, 'abc')).toBeNull();
    expect(verifyDfeToken(SECRET, `${token}.x`)).toBeNull();
  });
});
