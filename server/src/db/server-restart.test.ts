import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSessionToken } from '../../test/auth-helpers.js';
import { type ServerProcess, spawnServer, waitUntilListening } from '../../test/spawn-server.js';
import { createDatabase } from './client.js';
import { findFreePort } from './embedded.js';
import { createCompany, createPartner, createUser, linkMemberToCompany } from './factories.js';

// The operator's view of issue 15: kill -9 in the middle of an import, start again on the same
// data directory. Before, the embedded PostgreSQL stayed running as an orphan and every later start
// failed with "A porta … já está em uso".
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fiscal-restart-'));
// mkdtemp makes it 0700: as root, the postgres user could not enter it (the case tested below).
chmodSync(dataDir, 0o755);
const started: ServerProcess[] = [];

afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
  await Promise.all(started.map((s) => s.exited));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server after an abnormal exit', () => {
  it('comes up again after SIGKILL mid-import: none of the file kept, its history row not finished', async () => {
    const [port, pgPort] = [await findFreePort(), await findFreePort()];
    const env = { DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), HOST: '127.0.0.1' };
    const first = spawnServer(env);
    started.push(first);
    await waitUntilListening(first);

    const database = createDatabase(`postgres://postgres:postgres@127.0.0.1:${pgPort}/fiscal`, 2);
    const partner = await createPartner(database.db);
    const company = await createCompany(database.db, { partnerId: partner.id, uf: 'SP' });
    const member = await createUser(database.db, { role: 'Member', partnerId: partner.id });
    await linkMemberToCompany(database.db, member.id, company.id);
    const token = await createSessionToken(database.db, member.id);
    await database.close();

    const lines = ['CodigoInterno;DescricaoProduto;GTIN/EAN'];
    for (let i = 1; i <= 150_000; i++) lines.push(`${i};PRODUTO NÚMERO ${i};`);
    const form = new FormData();
    form.append('file', new Blob([lines.join('\r\n')]), 'grande.csv');
    const base = `http://127.0.0.1:${port}/v1/public`;
    const upload = fetch(`${base}/products/import?companyId=${company.id}&ignoreHeader=false`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }).catch(() => null);

    // Killed once the import is under way: its history row exists and batches are being written.
    const watch = createDatabase(`postgres://postgres:postgres@127.0.0.1:${pgPort}/fiscal`, 1);
    for (let i = 0; i < 300; i++) {
      const r = await watch.pool.query('SELECT count(*)::int AS n FROM import_history WHERE NOT finished');
      if (r.rows[0].n > 0) break;
      await new Promise((res) => setTimeout(res, 100));
    }
    await new Promise((res) => setTimeout(res, 1500));
    await watch.close().catch(() => undefined);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect(await upload).toBeNull();
    // The orphan this test is about: PostgreSQL still runs on our data directory.
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(true);

    const second = spawnServer(env);
    started.push(second);
    await waitUntilListening(second);
    expect(second.output()).toContain('PostgreSQL deixado em execução por um servidor anterior');

    const headers = { authorization: `Bearer ${token}` };
    const list = await fetch(`${base}/products?companyId=${company.id}`, { headers });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { count: number }).count).toBe(0);
    const history = await fetch(`${base}/products/importhistory?companyId=${company.id}`, { headers });
    expect(await history.json()).toMatchObject([{ Status: 'Interrupted', Received: 0, Added: 0 }]);

    // SIGTERM stops the server and its database within 10 s.
    const t0 = Date.now();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 420_000);

  it.runIf(process.getuid?.() === 0)(
    'as root in a folder the postgres user cannot enter (0700): a Portuguese message, no stack, no password file',
    async () => {
      const locked = mkdtempSync(path.join(os.tmpdir(), 'fiscal-0700-'));
      mkdirSync(path.join(locked, 'clone'));
      const passwordFiles = () => readdirSync(os.tmpdir()).filter((f) => f.startsWith('pg-password-')).length;
      const before = passwordFiles();
      const server = spawnServer({
        DATA_DIR: path.join(locked, 'clone', 'data'),
        PORT: String(await findFreePort()),
        EMBEDDED_PG_PORT: String(await findFreePort()),
      });
      started.push(server);
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        `O servidor está rodando como root, e o PostgreSQL embutido precisa rodar como o usuário "postgres", que não tem permissão para entrar em ${locked}`,
      );
      expect(server.output()).toContain('defina DATABASE_URL para usar um PostgreSQL externo.');
      expect(server.output()).not.toMatch(/\n\s+at /);
      expect(passwordFiles()).toBeLessThanOrEqual(before);
      rmSync(locked, { recursive: true, force: true });
    },
    120_000,
  );
});
