import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/test-app.js';
import { createPartner, createUser } from '../../db/factories.js';
import { loadBundledStAgreements, parseStAgreementsFile, stAgreementsSeedFile } from './st-agreements.seed.js';

// Pairs and segments the bundled seed does not use (AM/AC, segment 16), so the seed never interferes.
const valid = {
  ufOrigem: 'AM',
  ufDestino: 'AC',
  cestSegmento: '16',
  cestCodigos: null,
  temAcordo: true,
  instrumento: 'Protocolo ICMS 999/2030',
  mvaOriginal: '42,5',
  vigenciaInicio: '2024-01-01',
  vigenciaFim: null,
  fonteUrl: 'https://www.confaz.fazenda.gov.br/legislacao/protocolos',
  fonteNota: 'Cláusula primeira (caso de teste)',
};

describe('interstate ICMS-ST agreements', async () => {
  const { app, db, database } = await createTestApp();
  const pool = database.pool;
  const partner = await createPartner(db);
  const admin = await createUser(db, { role: 'Admin', name: 'Ana Admin' });
  const users = {
    Admin: admin,
    PartnerOwner: await createUser(db, { role: 'PartnerOwner', partnerId: partner.id }),
    PartnerContributor: await createUser(db, { role: 'PartnerContributor', partnerId: partner.id }),
    Member: await createUser(db, { role: 'Member', partnerId: partner.id }),
  };
  const tokens = Object.fromEntries(
    await Promise.all(Object.entries(users).map(async ([role, u]) => [role, await createSessionToken(db, u.id)])),
  ) as Record<keyof typeof users, string>;
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, role = 'Admin') => {
    const res = await app.inject({
      method,
      url: `/v1/public${url}`,
      headers: bearer(tokens[role as keyof typeof users]),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const count = async () => Number((await pool.query('SELECT count(*) n FROM st_agreements')).rows[0].n);
  const historyCount = async () => Number((await pool.query('SELECT count(*) n FROM st_agreement_history')).rows[0].n);

  it('documents the routes in the OpenAPI', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    expect(Object.keys(paths['/v1/public/st-agreements'])).toEqual(['get', 'post']);
    expect(Object.keys(paths['/v1/public/st-agreements/{id}'])).toEqual(['get', 'put', 'delete']);
    expect(Object.keys(paths['/v1/public/st-agreements/{id}/end'])).toEqual(['post']);
  });

  it('every signed-in role reads; only the Admin writes; anonymous callers get 401', async () => {
    for (const role of ['Admin', 'PartnerOwner', 'PartnerContributor', 'Member']) {
      const list = await call('GET', '/st-agreements?ufOrigem=SP&cestSegmento=03', undefined, role);
      expect(list.status, role).toBe(200);
      expect(list.body.total).toBeGreaterThan(0);
    }
    const id = (await call('GET', '/st-agreements?pageSize=1')).body.items[0].id;
    for (const role of ['PartnerOwner', 'PartnerContributor', 'Member']) {
      expect((await call('GET', `/st-agreements/${id}`, undefined, role)).status, role).toBe(200);
      expect((await call('POST', '/st-agreements', valid, role)).status, role).toBe(403);
      expect((await call('PUT', `/st-agreements/${id}`, { ...valid, motivo: 'x'.repeat(5) }, role)).status).toBe(403);
      const end = await call('POST', `/st-agreements/${id}/end`, { vigenciaFim: '2030-01-01', motivo: 'teste' }, role);
      expect(end.status, role).toBe(403);
      expect((await call('DELETE', `/st-agreements/${id}`, { motivo: 'teste' }, role)).status, role).toBe(403);
    }
    const anon = await app.inject({ method: 'GET', url: '/v1/public/st-agreements' });
    expect(anon.statusCode).toBe(401);
  });

  it('refuses bad input with a Portuguese message naming the field, and changes nothing', async () => {
    const before = [await count(), await historyCount()];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ufDestino: 'AM' }, 'ufDestino', 'UF de destino: escolha uma UF diferente da origem'],
      [{ ufOrigem: 'XX' }, 'ufOrigem', 'UF de origem: escolha uma UF da lista.'],
      [{ cestSegmento: '29' }, 'cestSegmento', 'Segmento CEST: escolha um segmento de 01 a 28'],
      [{ cestCodigos: ['16.001'] }, 'cestCodigos.0', 'Códigos CEST: use o formato NN.NNN.NN'],
      [{ cestCodigos: ['03.021.00'] }, 'cestCodigos', 'Códigos CEST: todos devem ser do segmento 16.'],
      [{ temAcordo: false }, 'mvaOriginal', 'MVA original: deixe em branco quando não há acordo.'],
      [{ mvaOriginal: '12,34567' }, 'mvaOriginal', 'MVA original: informe um percentual'],
      [{ vigenciaInicio: '2024-02-30' }, 'vigenciaInicio', 'Início da vigência: informe uma data existente'],
      [{ vigenciaFim: '2023-12-31' }, 'vigenciaFim', 'Fim da vigência: informe uma data igual ou posterior ao início.'],
      [{ fonteUrl: 'confaz' }, 'fonteUrl', 'Fonte (endereço): informe um endereço http:// ou https://.'],
      [{ fonteNota: '' }, 'fonteNota', 'Fonte (dispositivo): informe a cláusula ou o artigo'],
      [{ instrumento: ' ' }, 'instrumento', 'Instrumento: informe o Protocolo ou Convênio ICMS'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await call('POST', '/st-agreements', { ...valid, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      const error = res.body.errors.find((e: { field?: string }) => e.field === field);
      expect(error?.message, JSON.stringify(res.body)).toContain(message);
      expect(error.message).not.toMatch(/^[a-z]+[A-Z]\w*:/);
    }
    expect([await count(), await historyCount()]).toEqual(before);
  });

  it('creates, updates with a reason, ends and keeps every change in the history', async () => {
    const created = await call('POST', '/st-agreements', { ...valid, cestCodigos: ['1600100', '16.001.00'] });
    expect(created.status).toBe(201);
    const a = created.body.agreement;
    // Codes typed as digits are formatted and deduplicated; the MVA's comma is a decimal separator.
    expect(a).toMatchObject({ cestCodigos: ['16.001.00'], mvaOriginal: '42.5', createdByName: 'Ana Admin' });
    expect(created.body.history).toMatchObject([{ action: 'create', reason: 'Cadastro', changedByName: 'Ana Admin' }]);

    const noReason = await call('PUT', `/st-agreements/${a.id}`, { ...valid, mvaOriginal: '50' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors[0]).toMatchObject({
      field: 'motivo',
      message: 'Motivo: informe por que o acordo muda.',
    });

    const updated = await call('PUT', `/st-agreements/${a.id}`, {
      ...valid,
      cestCodigos: ['16.001.00'],
      mvaOriginal: '50',
      motivo: 'Nova redação da cláusula',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.agreement.mvaOriginal).toBe('50');
    const unchanged = await call('PUT', `/st-agreements/${a.id}`, {
      ...valid,
      cestCodigos: ['16.001.00'],
      mvaOriginal: '50.0',
      motivo: 'Nada',
    });
    expect(unchanged.status).toBe(400);

    const early = await call('POST', `/st-agreements/${a.id}/end`, { vigenciaFim: '2023-01-01', motivo: 'Denúncia' });
    expect(early.status).toBe(400);
    expect(early.body.errors[0].field).toBe('vigenciaFim');
    const ended = await call('POST', `/st-agreements/${a.id}/end`, { vigenciaFim: '2025-06-30', motivo: 'Denúncia' });
    expect(ended.status).toBe(200);
    expect(ended.body.agreement.vigenciaFim).toBe('2025-06-30');

    const detail = await call('GET', `/st-agreements/${a.id}`, undefined, 'Member');
    expect(detail.body.history.map((h: { action: string }) => h.action)).toEqual(['end', 'update', 'create']);
    const [end, update] = detail.body.history;
    expect(end).toMatchObject({ reason: 'Denúncia', changedByName: 'Ana Admin' });
    expect(end.before.vigencia_fim).toBeNull();
    expect(end.after.vigencia_fim).toBe('2025-06-30');
    expect(update.before.mva_original).toBe(42.5);
    expect(update.after.mva_original).toBe(50);

    const deleted = await call('DELETE', `/st-agreements/${a.id}`, { motivo: 'Cadastrado por engano' });
    expect(deleted.status).toBe(200);
    expect((await call('GET', `/st-agreements/${a.id}`)).status).toBe(404);
    const kept = await pool.query(
      'SELECT action, after FROM st_agreement_history WHERE agreement_id = $1 ORDER BY id',
      [a.id],
    );
    expect(kept.rows.map((r) => r.action)).toEqual(['create', 'update', 'end', 'delete']);
  });

  it('refuses a period that overlaps another row of the same pair, segment and codes', async () => {
    const base = { ...valid, ufOrigem: 'RR', ufDestino: 'AP', vigenciaFim: '2024-12-31' };
    expect((await call('POST', '/st-agreements', base)).status).toBe(201);
    const before = [await count(), await historyCount()];
    const overlap = await call('POST', '/st-agreements', { ...base, vigenciaInicio: '2024-12-31', vigenciaFim: null });
    expect(overlap.status).toBe(409);
    expect(overlap.body.errors[0].field).toBe('vigenciaInicio');
    expect(overlap.body.detail).toContain(
      'já existe um acordo RR → AP, segmento 16 (todo o segmento), de 01/01/2024 a 31/12/2024',
    );
    expect([await count(), await historyCount()]).toEqual(before);
    // The next day, or other codes of the segment, are other rows.
    const next = await call('POST', '/st-agreements', { ...base, vigenciaInicio: '2025-01-01', vigenciaFim: null });
    expect(next.status).toBe(201);
    expect((await call('POST', '/st-agreements', { ...base, cestCodigos: ['16.001.00'] })).status).toBe(201);
    // An edit that would stretch the first row into the second is refused too.
    const first = (await call('GET', '/st-agreements?ufOrigem=RR&ufDestino=AP&vigenteEm=2024-06-01')).body.items;
    const whole = first.find((r: { cestCodigos: unknown }) => r.cestCodigos === null);
    const stretch = await call('POST', `/st-agreements/${whole.id}/end`, {
      vigenciaFim: '2025-03-01',
      motivo: 'Teste',
    });
    expect(stretch.status).toBe(409);
    // The database refuses it as well when a writer skips the service.
    await expect(pool.query(`UPDATE st_agreements SET vigencia_fim = NULL WHERE id = $1`, [whole.id])).rejects.toThrow(
      /st_agreements_sem_sobreposicao/,
    );
  });

  it('filters by pair, segment, date in force and agreement, page by page', async () => {
    const page1 = await call('GET', '/st-agreements?cestSegmento=03&ufDestino=SC&temAcordo=false&pageSize=5');
    expect(page1.status).toBe(200);
    expect(page1.body.total).toBe(9);
    expect(page1.body.items).toHaveLength(5);
    for (const r of page1.body.items) expect(r).toMatchObject({ ufDestino: 'SC', temAcordo: false });
    const page2 = await call('GET', '/st-agreements?cestSegmento=03&ufDestino=SC&temAcordo=false&pageSize=5&page=2');
    expect(page2.body.items).toHaveLength(4);
    // The SC denunciation of water (Protocolo ICMS 11/91 header: 01/09/2005 to 31/07/2008) is not in force in 2026.
    const now = await call('GET', '/st-agreements?cestSegmento=03&ufDestino=SC&temAcordo=false&vigenteEm=2026-01-15');
    expect(now.body.total).toBe(0);
    const bad = await call('GET', '/st-agreements?vigenteEm=15/01/2026');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toContain('Vigente em:');
  });

  it('refuses a seed row without its source, naming the line', () => {
    const header = readFileSync(stAgreementsSeedFile, 'utf8').split('\n')[0];
    const row = 'SP;MG;03;;S;Protocolo ICMS 11/1991;;2018-06-01;;;Cláusula primeira';
    expect(() => parseStAgreementsFile(`${header}\n${row}\n`)).toThrow(
      /Linha 2 de st-agreements.csv inválida: Fonte \(endereço\)/,
    );
  });

  it('seeds every installation from the cited CSV, once per version, and never over the Admin', async () => {
    const seeded = await pool.query(
      `SELECT count(*)::int n, count(*) FILTER (WHERE fonte_url ~ '^https?://' AND length(fonte_nota) > 20)::int cited
       FROM st_agreements WHERE created_by IS NULL`,
    );
    const fileRows = parseStAgreementsFile(readFileSync(stAgreementsSeedFile, 'utf8'));
    expect(seeded.rows[0]).toEqual({ n: fileRows.length, cited: fileRows.length });
    // Protocolo ICMS 41/2008, adesão do ES pelo Prot. ICMS 116/09 "exceto nas operações com SP": no agreement SP → ES.
    const es = await call('GET', '/st-agreements?ufOrigem=SP&ufDestino=ES&cestSegmento=01&vigenteEm=2026-01-15');
    expect(es.body.items).toMatchObject([{ temAcordo: false, instrumento: expect.stringContaining('41/2008') }]);
    const seedHistory = await call('GET', `/st-agreements/${es.body.items[0].id}`);
    expect(seedHistory.body.history).toMatchObject([{ action: 'seed', changedByName: null }]);

    // Same file again: nothing happens.
    const client = await pool.connect();
    try {
      expect(await loadBundledStAgreements(client)).toMatchObject({ applied: false });
      // A new version of the file: the Admin's edit stays, a deleted row stays deleted, an untouched row is refreshed.
      const rows = (await call('GET', '/st-agreements?ufOrigem=SP&cestSegmento=03&pageSize=3')).body.items;
      const [edited, removed, untouched] = rows;
      const put = await call('PUT', `/st-agreements/${edited.id}`, {
        ...edited,
        fonteNota: `${edited.fonteNota} (conferido)`,
        motivo: 'Conferido na fonte',
      });
      expect(put.status).toBe(200);
      expect((await call('DELETE', `/st-agreements/${removed.id}`, { motivo: 'Teste de exclusão' })).status).toBe(200);
      const file = path.join(os.tmpdir(), `st-agreements-${process.pid}.csv`);
      writeFileSync(
        file,
        readFileSync(stAgreementsSeedFile, 'utf8').replaceAll(
          'Linha vigente desde 01/06/2018',
          'Vigente desde 01/06/2018',
        ),
      );
      const result = await loadBundledStAgreements(client, file);
      expect(result.applied).toBe(true);
      expect(result.inserted).toBe(0);
      expect(result.updated).toBe(90 - 2);
      const after = async (id: string) => (await call('GET', `/st-agreements/${id}`)).body;
      expect((await after(edited.id)).agreement.fonteNota).toContain('(conferido)');
      expect((await call('GET', `/st-agreements/${removed.id}`)).status).toBe(404);
      const refreshed = await after(untouched.id);
      expect(refreshed.agreement.fonteNota).toContain('Vigente desde 01/06/2018');
      expect(refreshed.history[0]).toMatchObject({ action: 'update', changedByName: null });
    } finally {
      client.release();
    }
  });
});
