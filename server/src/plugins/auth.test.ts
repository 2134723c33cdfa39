import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

const PUBLIC = new Set([
  'POST /v1/public/users/check',
  'POST /v1/public/users/signin',
  'POST /v1/public/users/signout',
  'POST /v1/public/users/reset-password',
  'POST /v1/public/users/setpassword',
  // The set-password page greets the link's owner by name (issue 24); the id is a random reset token.
  'GET /v1/public/users/setpassword/{passwordResetId}',
  'GET /v1/public/partners',
  'GET /v1/public/partners/domain',
]);

interface OpenApiDoc {
  paths: Record<string, Record<string, unknown>>;
}

/** Every API operation of the OpenAPI document, with path parameters filled with a random uuid. */
async function listOperations(app: Awaited<ReturnType<typeof createTestApp>>['app']) {
  const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json<OpenApiDoc>();
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'delete'].includes(m))
      .map((m) => ({ method: m.toUpperCase(), path, url: path.replace(/\{[^}]+\}/g, crypto.randomUUID()) })),
  );
}

describe('authentication is the default for every API route', () => {
  it('answers 401 to anonymous calls on every non-public operation, before validating the input', async () => {
    const { app } = await createTestApp();
    const ops = await listOperations(app);
    expect(ops.length).toBeGreaterThan(60);
    const leaks: string[] = [];
    for (const op of ops) {
      const key = `${op.method} ${op.path}`;
      if (PUBLIC.has(key)) continue;
      const res = await app.inject({
        method: op.method as 'GET',
        url: op.url,
        payload: op.method === 'GET' ? undefined : {},
      });
      if (res.statusCode !== 401) leaks.push(`${key} → ${res.statusCode}`);
    }
    expect(leaks).toEqual([]);
  });

  it('keeps the public operations reachable without a session', async () => {
    const { app } = await createTestApp();
    const ops = await listOperations(app);
    for (const key of PUBLIC) expect(ops.map((o) => `${o.method} ${o.path}`)).toContain(key);
    const res = await app.inject({ method: 'GET', url: '/v1/public/partners' });
    expect(res.statusCode).toBe(200);
    const check = await app.inject({ method: 'POST', url: '/v1/public/users/check', payload: { email: 'x@y.com' } });
    expect(check.json()).toMatchObject({ exist: false });
  });
});
