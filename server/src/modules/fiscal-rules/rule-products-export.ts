import { productRuleStatusLabels } from '@app/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { loadExcelJs } from '../../lib/exceljs.js';
import * as repo from './fiscal-rules.repository.js';
import * as productsRepo from './rule-products.repository.js';
import { productScope } from './rule-scope.js';

/**
 * A cell that starts with = + - @ (or a tab / carriage return) is read as a formula by
 * spreadsheet programs; product texts come from users, so such values get a leading quote
 * (OWASP CSV/formula injection).
 */
export function escapeCell(value: string | null | undefined): string {
  const text = value ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** XLSX of the rule's products (found and not found), for the rule products modal. */
export async function exportRuleProducts(db: Db, actor: Actor, ruleId: string) {
  const rule = await repo.findRule(db, ruleId);
  if (!rule) throw new AppError('FISCAL_RULE_NOT_FOUND');
  const lists = await productsRepo.findRuleProductLists(db, rule, productScope(actor), undefined);
  const ExcelJS = await loadExcelJs();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Produtos');
  sheet.columns = [
    { header: 'Situação', key: 'situation', width: 16 },
    { header: 'Cod', key: 'internalCode', width: 20 },
    { header: 'GTIN', key: 'gtin', width: 16 },
    { header: 'Descrição', key: 'description', width: 60 },
    { header: 'Conferência', key: 'status', width: 16 },
  ];
  const add = (situation: string, items: typeof lists.found) => {
    for (const p of items) {
      sheet.addRow({
        situation,
        internalCode: escapeCell(p.internalCode),
        gtin: escapeCell(p.gtin),
        description: escapeCell(p.description),
        status: p.fiscalRuleId === rule.id && p.fiscalRuleStatus ? productRuleStatusLabels[p.fiscalRuleStatus] : '',
      });
    }
  };
  add('Encontrado', lists.found);
  add('Não Encontrado', lists.notFound);
  sheet.getRow(1).font = { bold: true };
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  const name = `regra_${rule.ncm}${rule.cest ? `_${rule.cest}` : ''}_${rule.uf}.xlsx`;
  return { buffer, fileName: name };
}
