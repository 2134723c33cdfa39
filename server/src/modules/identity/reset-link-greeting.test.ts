import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createUser } from '../../db/factories.js';
import { createPasswordResetLink } from './password-reset.js';

/** Spec 01: the set-password page greets "Olá, {name}" also when opened from the e-mailed link (issue 24). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

const idOf = (link: string) => link.split('/login/')[1]!;
const greet = (id: string) => ctx.app.inject({ method: 'GET', url: `/v1/public/users/setpassword/${id}` });

describe('GET /users/setpassword/{passwordResetId}', () => {
  it("answers the link owner's name while the link works, 404 once used, expired or unknown", async () => {
    const user = await createUser(ctx.db, { role: 'Admin', name: 'Beatriz Nova', password: null });
    const id = idOf(await createPasswordResetLink(ctx.db, 'http://localhost:3000', user.id));
    const ok = await greet(id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ name: 'Beatriz Nova' });

    const used = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/users/setpassword',
      payload: { passwordResetId: id, password: 'Senha@1234' },
    });
    expect(used.statusCode).toBe(200);
    expect((await greet(id)).statusCode).toBe(404);

    const old = idOf(
      await createPasswordResetLink(ctx.db, 'http://localhost:3000', user.id, new Date(Date.now() - 2 * 86_400_000)),
    );
    const expired = await greet(old);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().detail).toBe('Link de cadastro de senha inválido ou expirado.');
    expect((await greet('00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  });
});
