import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { createCompany, createPartner } from './factories.js';

describe('foundation database', () => {
  it('migrates into a fresh database with extensions and constraints', async () => {
    const { db, database } = await createTestApp();
    const partner = await createPartner(db);
    await createCompany(db, { partnerId: partner.id });
    const ext = await database.pool.query("SELECT extname FROM pg_extension WHERE extname IN ('pg_trgm','unaccent')");
    expect(ext.rowCount).toBe(2);
    await expect(createCompany(db, { partnerId: partner.id, razaoSocial: 'minúsculas' })).rejects.toThrow();
    const u = await database.pool.query("SELECT f_unaccent('Ação') AS v");
    expect(u.rows[0].v).toBe('Acao');
  });
});
