import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TDocumentImportDetail } from '@app/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createSessionToken } from '../../../test/auth-helpers.js';
import { type ServerProcess, spawnServer, waitUntilListening } from '../../../test/spawn-server.js';
import { createDatabase } from '../../db/client.js';
import { findFreePort } from '../../db/embedded.js';
import { createCompany, createPartner, createUser, linkMemberToCompany } from '../../db/factories.js';
import { buildNfeXml, buildZip, type FixtureItem } from './documents.fixtures.js';

// Issue 35, as an operator sees it: kill -9 in the middle of a document import, start again on the same data
// directory. Before, the import stayed "Em processamento" for good, its documents so far were kept (a second
// upload of the same files then found them duplicates) and its upload stayed in the data folder.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'documents-restart-'));
chmodSync(dataDir, 0o755);
const started: ServerProcess[] = [];

afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
  await Promise.all(started.map((s) => s.exited));
  rmSync(dataDir, { recursive: true, force: true });
});

const item = (n: number): FixtureItem => ({
  code: `R${n % 500}`,
  description: `PRODUTO ${n % 500}`,
  ncm: '22011000',
  cfop: '5102',
  vProd: '10.00',
  icms: { cst: '00', pICMS: '18.00', vICMS: '1.80' },
});

describe('a document import when the server is killed', () => {
  it('ends Interrupted at the next start: none of its documents kept, its upload removed', async () => {
    const [port, pgPort] = [await findFreePort(), await findFreePort()];
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      HOST: '127.0.0.1',
      JOB_WORKERS: 'true',
    };
    const first = spawnServer(env);
    started.push(first);
    await waitUntilListening(first);

    const pgUrl = `postgres://postgres:postgres@127.0.0.1:${pgPort}/fiscal`;
    const database = createDatabase(pgUrl, 2);
    const partner = await createPartner(database.db);
    const company = await createCompany(database.db, { partnerId: partner.id, uf: 'SP' });
    const member = await createUser(database.db, { role: 'Member', partnerId: partner.id });
    await linkMemberToCompany(database.db, member.id, company.id);
    const token = await createSessionToken(database.db, member.id);
    await database.close();

    // Enough NF-e that the import is still running some seconds after its first batches are committed.
    const zip = buildZip(
      Array.from({ length: 6_000 }, (_, d) => ({
        name: `${d + 1}.xml`,
        data: buildNfeXml({
          issuerCnpj: company.document,
          issuerUf: 'SP',
          recipientCnpj: '44555666000181',
          recipientUf: 'SP',
          number: d + 1,
          items: Array.from({ length: 5 }, (_, k) => item(d * 5 + k)),
        }),
      })),
    );
    const base = `http://127.0.0.1:${port}/v1/public`;
    const headers = { authorization: `Bearer ${token}` };
    const form = new FormData();
    form.append('companyId', company.id);
    form.append('file', new Blob([zip]), 'notas.zip');
    const sent = await fetch(`${base}/products/documents`, { method: 'POST', headers, body: form });
    expect(sent.status).toBe(202);
    const { id } = (await sent.json()) as { id: string };

    // Killed once batches of this import are committed and it is still Running.
    const watch = createDatabase(pgUrl, 1);
    let kept = 0;
    for (let i = 0; i < 600 && kept === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const r = await watch.pool.query(
        `SELECT i.status, (SELECT count(*)::int FROM company_documents d WHERE d.import_id = i.id) AS n
         FROM document_imports i WHERE i.id = $1`,
        [id],
      );
      if (r.rows[0].status !== 'Running' && r.rows[0].status !== 'Queued') throw new Error(r.rows[0].status);
      kept = r.rows[0].n;
    }
    await watch.close().catch(() => undefined);
    expect(kept).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect(readdirSync(path.join(dataDir, 'document-uploads'))).toHaveLength(1);

    const second = spawnServer(env);
    started.push(second);
    await waitUntilListening(second);
    const shown = (await (
      await fetch(`${base}/products/documents/${id}`, { headers })
    ).json()) as TDocumentImportDetail;
    expect(shown).toMatchObject({
      status: 'Interrupted',
      documents: 0,
      message:
        'A importação foi interrompida porque o servidor parou; nenhum documento dela foi mantido. Envie os arquivos de novo.',
    });
    const check = createDatabase(pgUrl, 1);
    const left = await check.pool.query('SELECT count(*)::int AS n FROM company_documents WHERE import_id = $1', [id]);
    await check.close();
    expect(left.rows[0].n).toBe(0);
    expect(readdirSync(path.join(dataDir, 'document-uploads'))).toEqual([]);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 420_000);
});
