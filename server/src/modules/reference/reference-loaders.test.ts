import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import {
  loadAllReferenceTables,
  loadBundledReferenceTables,
  loadReferenceTable,
} from './loaders/load-reference-tables.js';

// Expected counts come straight from the official files, parsed here on their own.
const dataDir = path.resolve(import.meta.dirname, '../../../../reference-data');
const readData = (file: string) => readFileSync(path.join(dataDir, file), 'utf8');
const csvRows = (file: string, delimiter = ',') =>
  parse(readData(file), { columns: true, bom: true, delimiter, skip_empty_lines: true }) as Record<string, string>[];
const ncmFile = JSON.parse(readData('ncm-siscomex.json')) as { Nomenclaturas: { Codigo: string }[] };
const eightDigit = ncmFile.Nomenclaturas.filter((n) => n.Codigo.replace(/\D/g, '').length === 8).length;
const cstRows = csvRows('cst.csv');

describe('reference table loaders', async () => {
  const { database } = await createTestApp();
  const pool = database.pool;
  const count = async (sql: string, params: unknown[] = []) => Number((await pool.query(sql, params)).rows[0].n);

  it('loads every row of the official files', async () => {
    expect(eightDigit).toBe(10515); // the figure the data README states
    expect(await count('SELECT count(*) n FROM ref_ncm WHERE level = 8')).toBe(eightDigit);
    expect(await count('SELECT count(*) n FROM ref_ncm')).toBe(ncmFile.Nomenclaturas.length);
    expect(await count('SELECT count(*) n FROM ref_cest')).toBe(csvRows('cest.csv').length);
    expect(await count('SELECT count(*) n FROM ref_cfop')).toBe(csvRows('cfop.csv').length);
    expect(await count("SELECT count(*) n FROM ref_cst WHERE type <> 'IBSCBS'")).toBe(cstRows.length);
    for (const [group, type] of [
      ['tax_group_icms', 'ICMS'],
      ['tax_group_icmssn', 'CSOSN'],
      ['tax_group_ipi', 'IPI'],
      ['tax_group_pis', 'PIS'],
      ['tax_group_cofins', 'COFINS'],
    ]) {
      const expected = cstRows.filter((r) => r['tax_group_id:id'] === group).length;
      expect(await count('SELECT count(*) n FROM ref_cst WHERE type = $1', [type])).toBe(expected);
    }
    const ibsCbsCst = JSON.parse(readData('ibs-cbs-cst.json')) as unknown[];
    expect(await count("SELECT count(*) n FROM ref_cst WHERE type = 'IBSCBS'")).toBe(ibsCbsCst.length);
    const cclasstrib = JSON.parse(readData('ibs-cbs-cclasstrib.json')) as unknown[];
    expect(cclasstrib.length).toBe(164);
    expect(await count('SELECT count(*) n FROM ref_cclasstrib')).toBe(cclasstrib.length);
    expect(await count('SELECT count(*) n FROM ref_ipi_enquadramento')).toBe(csvRows('ipi-enquadramento.csv').length);
    expect(await count('SELECT count(*) n FROM ref_uf_rates')).toBe(csvRows('icms-uf.csv', ';').length);
    expect(await count('SELECT count(*) n FROM ref_uf_rates')).toBe(27);
    // The first load rebuilds the trigram indexes it dropped for speed.
    expect(
      await count(
        "SELECT count(*) n FROM pg_indexes WHERE indexname IN ('ref_ncm_search_trgm', 'ref_cfop_search_trgm')",
      ),
    ).toBe(2);
  });

  it('records source, date, file hash and row count of each table', async () => {
    const { rows } = await pool.query('SELECT * FROM reference_sources ORDER BY table_name');
    expect(rows).toHaveLength(16);
    const ncm = rows.find((r) => r.table_name === 'ncm');
    expect(ncm.as_of).toBe('Vigente em 13/08/2026, Resolução Gecex nº 926/2026');
    expect(ncm.row_count).toBe(ncmFile.Nomenclaturas.length);
    expect(ncm.file_sha256).toBe(
      createHash('sha256')
        .update(readFileSync(path.join(dataDir, 'ncm-siscomex.json')))
        .digest('hex'),
    );
    const cest = rows.find((r) => r.table_name === 'cest');
    expect(cest.source).toContain('Convênio ICMS 142/2018');
    expect(cest.row_count).toBe(csvRows('cest.csv').length);
  });

  it('builds the NCM hierarchy and the full description from the parents', async () => {
    const { rows } = await pool.query(
      "SELECT code, parent_code, description, full_description, start_date::text, end_date::text FROM ref_ncm WHERE code IN ('01012100', '39139050', '02062910')",
    );
    const byCode = Object.fromEntries(rows.map((r) => [r.code, r]));
    expect(byCode['01012100']).toMatchObject({
      parent_code: '010121'.slice(0, 5),
      description: 'Reprodutores de raça pura',
      full_description: 'Cavalos, asininos e muares, vivos - Cavalos - Reprodutores de raça pura',
      start_date: '2022-04-01',
      end_date: null,
    });
    expect(byCode['02062910'].full_description).toBe(
      'Miudezas comestíveis de animais das espécies bovina, suína, ovina, caprina, cavalar, asinina e muar, frescas, refrigeradas ou congeladas - Da espécie bovina, congeladas - Outras - Rabos',
    );
    expect(byCode['39139050'].description).toBe('Quitosan (Chitosan), seus sais ou seus derivados');
    expect(byCode['39139050'].end_date).toBe('2026-09-30');
  });

  it('restores the leading zero of three-digit CEST prefixes and keeps the rest as published', async () => {
    const { rows } = await pool.query(
      "SELECT code, segment, ncm_prefixes FROM ref_cest WHERE code IN ('1702100', '0100100')",
    );
    const byCode = Object.fromEntries(rows.map((r) => [r.code, r]));
    expect(byCode['1702100']).toMatchObject({ segment: '17', ncm_prefixes: ['0403'] });
    expect(byCode['0100100'].ncm_prefixes).toEqual(['38151210', '38151290']);
  });

  it('reloads from a newer file without losing referenced codes and updates the source row', async () => {
    await pool.query('CREATE TABLE rule_probe (ncm text NOT NULL REFERENCES ref_ncm(code))');
    await pool.query("INSERT INTO rule_probe VALUES ('01012900')");
    const newer = JSON.parse(readData('ncm-siscomex.json'));
    newer.Data_Ultima_Atualizacao_NCM = 'Vigente em 01/01/2027';
    newer.Nomenclaturas = newer.Nomenclaturas.filter((n: { Codigo: string }) => n.Codigo !== '0101.29.00');
    const horses = newer.Nomenclaturas.find((n: { Codigo: string }) => n.Codigo === '0101.21.00');
    horses.Descricao = '-- Reprodutores de raça pura (nova redação)';
    const file = path.join(os.tmpdir(), `ncm-newer-${process.pid}.json`);
    writeFileSync(file, JSON.stringify(newer));

    const result = await loadReferenceTable(pool, 'ncm', { file, source: 'Siscomex (teste)' });
    expect(result.rowCount).toBe(ncmFile.Nomenclaturas.length - 1);

    const { rows } = await pool.query(
      "SELECT code, active, end_date, full_description FROM ref_ncm WHERE code IN ('01012100', '01012900') ORDER BY code",
    );
    expect(rows[0]).toMatchObject({ active: true, end_date: null });
    expect(rows[0].full_description).toBe(
      'Cavalos, asininos e muares, vivos - Cavalos - Reprodutores de raça pura (nova redação)',
    );
    expect(rows[1].active).toBe(false);
    expect(rows[1].end_date).not.toBeNull();
    expect(await count("SELECT count(*) n FROM rule_probe WHERE ncm = '01012900'")).toBe(1);

    const source = (await pool.query("SELECT * FROM reference_sources WHERE table_name = 'ncm'")).rows[0];
    expect(source).toMatchObject({
      as_of: 'Vigente em 01/01/2027, Resolução Gecex nº 926/2026',
      source: 'Siscomex (teste)',
      file_name: path.basename(file),
      row_count: ncmFile.Nomenclaturas.length - 1,
    });
    expect(source.file_sha256).toBe(createHash('sha256').update(readFileSync(file)).digest('hex'));

    // The code comes back (active again) when a file has it again.
    await loadReferenceTable(pool, 'ncm');
    const back = (await pool.query("SELECT active, end_date FROM ref_ncm WHERE code = '01012900'")).rows[0];
    expect(back).toEqual({ active: true, end_date: null });
  });

  it('a start reloads a bundled table whose file changed, and leaves an operator-loaded one alone', async () => {
    const tables = async () => (await loadBundledReferenceTables(pool)).map((r) => r.table);
    const cbenefRows = () => count('SELECT count(*) n FROM ref_cbenef');
    expect(await tables()).toEqual([]);
    // A database loaded by an older release: its cBenef table came from an older bundled file (SP only).
    const before = await cbenefRows();
    await pool.query("UPDATE ref_cbenef SET active = false WHERE uf <> 'SP'");
    await pool.query("UPDATE reference_sources SET file_sha256 = repeat('0', 64) WHERE table_name = 'cbenef'");
    expect(await tables()).toEqual(['cbenef']);
    expect(await count("SELECT count(*) n FROM ref_cbenef WHERE active AND uf = 'PR'")).toBeGreaterThan(0);
    expect(await cbenefRows()).toBe(before);
    expect(await tables()).toEqual([]);
    // An operator's own file stays until they load another one.
    const own = path.join(os.tmpdir(), `cfop-own-${process.pid}.csv`);
    writeFileSync(own, readData('cfop.csv'));
    await loadReferenceTable(pool, 'cfop', { file: own });
    await pool.query("UPDATE reference_sources SET file_sha256 = repeat('1', 64) WHERE table_name = 'cfop'");
    expect(await tables()).toEqual([]);
    expect(
      (await pool.query("SELECT loaded_from_bundle FROM reference_sources WHERE table_name = 'cfop'")).rows[0],
    ).toEqual({ loaded_from_bundle: false });
    await loadReferenceTable(pool, 'cfop');
    expect(await tables()).toEqual([]);
  });

  it('reloads all tables quickly', async () => {
    const started = performance.now();
    const results = await loadAllReferenceTables(pool);
    const ms = performance.now() - started;
    expect(results.map((r) => r.table)).toHaveLength(16);
    // Target < 3 s on an idle machine; the bound only catches row-by-row regressions on a busy one.
    expect(ms).toBeLessThan(20000);
  });
});
