import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { buildNfeXml, buildZip, type FixtureItem } from '../modules/documents/documents.fixtures.js';
import * as repo from '../modules/documents/documents.repository.js';
import { groupKey } from '../modules/documents/documents-findings.repository.js';
import { runDocumentImport } from '../modules/documents/import/run-import.js';

const DEMO_COMPANY = 'MERCADINHO BOA VISTA';
const CUSTOMER = '44555666000181';
const OTHER = '12345678000195';

/**
 * Demo: a month of the company's NF-e already imported and audited, so "Documentos fiscais" opens with a batch,
 * its findings (rates below the rule, values that do not add up, broken GTINs, unknown products joining the
 * catalogue) and the files it refused. Run in process (the job's own function), once per database.
 */
export async function seedDemoDocuments(db: Db): Promise<void> {
  const company = (
    await db.execute<{ id: string; document: string; uf: string } & Record<string, unknown>>(sql`
      SELECT c.id, c.document, c.uf FROM companies c WHERE c.nome_fantasia = ${DEMO_COMPANY}
        AND NOT EXISTS (SELECT 1 FROM document_imports d WHERE d.company_id = c.id)`)
  ).rows[0];
  if (!company) return;
  const user = (
    await db.execute<{ id: string; name: string } & Record<string, unknown>>(sql`
      SELECT u.id, u.name FROM users u JOIN user_companies uc ON uc.user_id = u.id
      WHERE uc.company_id = ${company.id} ORDER BY u.created_at LIMIT 1`)
  ).rows[0];
  const products = (
    await db.execute<
      { code: string; description: string; ncm: string; cest: string | null } & Record<string, unknown>
    >(sql`
      SELECT internal_code AS code, description, ncm, cest FROM products
      WHERE company_id = ${company.id} AND status = 'F' AND fiscal_rule_id IS NOT NULL AND ncm IS NOT NULL
      ORDER BY internal_code LIMIT 8`)
  ).rows;
  if (!user || products.length === 0) return;

  const item = (p: (typeof products)[number], vProd: string, pICMS: string, vICMS?: string): FixtureItem => ({
    code: p.code,
    description: p.description,
    ncm: p.ncm,
    cest: p.cest ?? undefined,
    cfop: '5102',
    vProd,
    icms: { cst: '00', pICMS, vICMS: vICMS ?? ((Number(vProd) * Number(pICMS)) / 100).toFixed(2) },
  });
  const newItems: FixtureItem[] = [
    {
      code: 'PDV-9001',
      description: 'AZEITE EXTRA VIRGEM 500ML',
      gtin: '7891234567895',
      ncm: '15091000',
      cfop: '5102',
      vProd: '39.90',
      icms: { cst: '00', pICMS: '18.00', vICMS: '7.18' },
    },
    {
      code: 'PDV-9002',
      description: 'PILHA ALCALINA AA C/4',
      gtin: '7891234567896',
      ncm: '85061019',
      cfop: '5102',
      vProd: '24.50',
      icms: { cst: '00', pICMS: '18.00', vICMS: '4.41' },
    },
  ];
  // Spread over October, so the worklist's groups show a first and a last date.
  const nfe = (number: number, items: FixtureItem[], recipient = CUSTOMER) =>
    buildNfeXml({
      issuerCnpj: company.document,
      issuerUf: company.uf,
      recipientCnpj: recipient,
      recipientUf: company.uf,
      number,
      date: `2026-10-${String(1 + (number % 28)).padStart(2, '0')}`,
      items,
    });
  const files = products.map((p, i) => ({
    name: `vendas/nfe-${1000 + i}.xml`,
    // Every other sale at 12 % where the rule says otherwise; one with a tax value that does not add up.
    data: nfe(1000 + i, [
      item(p, (100 + i * 17.3).toFixed(2), i % 2 ? '12.00' : '18.00', i === 2 ? '25.00' : undefined),
    ]),
  }));
  // The same causes again later in the month: a group of the worklist holds several documents.
  for (const [i, p] of products.slice(0, 4).entries())
    files.push({
      name: `vendas/nfe-${1100 + i}.xml`,
      data: nfe(1100 + i * 7, [item(p, (80 + i * 9.5).toFixed(2), i % 2 ? '12.00' : '18.00')]),
    });
  files.push({ name: 'vendas/nfe-2000.xml', data: nfe(2000, newItems) });
  files.push({ name: 'vendas/nfe-2000-copia.xml', data: nfe(2000, newItems) });
  files.push({
    name: 'outros/nfe-de-terceiros.xml',
    data: buildNfeXml({
      issuerCnpj: CUSTOMER,
      issuerUf: 'RJ',
      recipientCnpj: OTHER,
      recipientUf: 'RJ',
      number: 55,
      items: newItems,
    }),
  });

  const dir = await mkdtemp(join(tmpdir(), 'demo-documents-'));
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, '00-notas-outubro.zip'), buildZip(files));
  const importId = await repo.insertImport(db, {
    companyId: company.id,
    userId: user.id,
    userName: user.name,
    fileName: 'notas-outubro.zip',
    uploadDir: dir,
    files: 1,
  });
  await runDocumentImport(db, importId);
  await seedWorklistStatuses(db, importId, user);
}

/** Two groups already worked on: one under analysis, the broken GTIN ignored with its reason (decision 059). */
async function seedWorklistStatuses(db: Db, importId: string, user: { id: string; name: string }) {
  await db.execute(sql`
    INSERT INTO document_finding_group_statuses (import_id, group_key, status, reason, user_id, user_name)
    SELECT DISTINCT ON (f.kind = 'gtin-invalido') f.import_id, ${groupKey},
      CASE WHEN f.kind = 'gtin-invalido' THEN 'Ignorado' ELSE 'EmAnalise' END,
      CASE WHEN f.kind = 'gtin-invalido' THEN 'GTIN do fabricante: pedido de correção enviado' END,
      ${user.id}::uuid, ${user.name}
    FROM document_findings f WHERE f.import_id = ${importId} AND f.kind IN ('gtin-invalido', 'aliquota-divergente')
    ORDER BY f.kind = 'gtin-invalido', f.id
    ON CONFLICT DO NOTHING`);
}
