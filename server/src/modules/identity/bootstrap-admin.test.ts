import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { bootstrapAdmin } from './bootstrap-admin.js';

describe('bootstrapAdmin', () => {
  it('without a password: creates a passwordless Admin, prints a one-time link that works, runs once', async () => {
    const { app } = await createTestApp({ adminEmail: 'chefe@example.com', adminPassword: undefined });
    const lines: string[] = [];
    const result = await bootstrapAdmin(app, (l) => lines.push(l));
    expect(result.created).toBe(true);
    const url = new URL(result.setPasswordUrl!);
    expect(url.pathname).toHaveLength(43);
    expect(lines.join('\n')).toContain(result.setPasswordUrl!);
    expect(lines.join('\n')).toContain('chefe@example.com');

    const check = await app.inject({
      method: 'POST',
      url: '/v1/public/users/check',
      payload: { email: 'chefe@example.com' },
    });
    expect(check.json()).toMatchObject({ exist: true, role: 'Admin', hasPassword: false });
    const resetId = url.pathname.split('/').pop()!;
    const set = await app.inject({
      method: 'POST',
      url: '/v1/public/users/setpassword',
      payload: { password: 'Chefe#2026', passwordResetId: resetId },
    });
    expect(set.statusCode).toBe(200);
    const signin = await app.inject({
      method: 'POST',
      url: '/v1/public/users/signin',
      payload: { email: 'chefe@example.com', password: 'Chefe#2026' },
    });
    expect(signin.json()).toMatchObject({ role: 'Admin', name: 'Administrador' });

    expect(await bootstrapAdmin(app, (l) => lines.push(l))).toEqual({ created: false });
  });

  it('with ADMIN_PASSWORD: the Admin signs in with it', async () => {
    const { app } = await createTestApp({ adminEmail: 'root@example.com', adminPassword: 'Root#12345' });
    const result = await bootstrapAdmin(app, () => undefined);
    expect(result).toEqual({ created: true });
    const signin = await app.inject({
      method: 'POST',
      url: '/v1/public/users/signin',
      payload: { email: 'root@example.com', password: 'Root#12345' },
    });
    expect(signin.statusCode).toBe(200);
  });
});
