import { PassThrough, type Readable } from 'node:stream';
import {
  transitionColumnLabels as col,
  countOf,
  simulationBuyerLabels,
  type TSimulation,
  type TTransitionYear,
  taxColumnLabel,
} from '@app/contract';
import { transitionBurdenFields } from '@app/tax-engine';
import type { DbOrTx } from '../../db/client.js';
import { loadExcelJs } from '../../lib/exceljs.js';
import { neutralise } from '../products/export/export-writers.js';
import { findExportPage } from './simulation.repository.js';

const PAGE = 5000;

/**
 * The years' columns as the screen shows them: only the figures some year has, with the screen's headers; a
 * Simples company's regular IBS/CBS path after its own load.
 */
function yearColumns(rows: TTransitionYear[]) {
  const present = transitionBurdenFields.filter((f) => rows.some((r) => r[f] !== 0));
  const columns: [string, (r: TTransitionYear) => string | number | null][] = [
    [col.ano, (r) => r.ano],
    ...present.map(
      (f) => [taxColumnLabel(f), (r: TTransitionYear) => r[f]] as [string, (r: TTransitionYear) => number],
    ),
  ];
  columns.push([col.total, (r) => r.vTotal], [col.carga, (r) => r.pCarga]);
  if (rows.some((r) => r.vTotalRegular !== null))
    columns.push([col.totalRegular, (r) => r.vTotalRegular], [col.cargaRegular, (r) => r.pCargaRegular]);
  if (rows.some((r) => r.vCBSIBSCompensado !== 0)) columns.push([col.compensado, (r) => r.vCBSIBSCompensado]);
  if (rows.some((r) => r.vNaoDevido !== 0)) columns.push([col.naoDevido, (r) => r.vNaoDevido]);
  columns.push([col.estimado, (r) => (r.estimado ? 'sim' : 'não')]);
  return columns;
}

/**
 * The run as an XLSX, streamed by exceljs' writer: the years of the catalogue, then every product (largest
 * rise first) with its load per year, read in keyset pages. Product texts are neutralised so no cell runs
 * as a formula.
 */
export function writeSimulationXlsx(db: DbOrTx, sim: TSimulation): Readable {
  const out = new PassThrough();
  (async () => {
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const years = workbook.addWorksheet('Anos');
    const seller = sim.faixaSimples
      ? `; Simples Nacional, faixa ${sim.faixaSimples} do Anexo I (RBT12 R$ ${Number(sim.rbt12).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })})`
      : '';
    years
      .addRow([
        `Destino ${sim.ufDestino} — ${simulationBuyerLabels[sim.comprador]}; ${countOf(sim.produtos, 'produto', 'produtos')}${seller}`,
      ])
      .commit();
    const columns = yearColumns(sim.totais ?? []);
    years.addRow(columns.map(([header]) => header)).commit();
    for (const t of sim.totais ?? []) years.addRow(columns.map(([, value]) => value(t))).commit();
    years.commit();
    const anos = (sim.totais ?? []).map((t) => t.ano);
    const products = workbook.addWorksheet('Produtos');
    products
      .addRow([
        'Código Interno',
        'Descrição',
        'NCM',
        ...anos.map((a) => `Carga ${a} (%)`),
        'Variação (p.p.)',
        'Recusa do motor',
      ])
      .commit();
    let after: { variacao: number | null; productId: string } | null = null;
    for (;;) {
      const rows = await findExportPage(db, sim.id, after, PAGE);
      for (const r of rows) {
        const loads = new Map(
          ((r.anos as { ano: number; pCarga: number }[] | null) ?? []).map((y) => [y.ano, y.pCarga]),
        );
        products
          .addRow([
            neutralise(r.internalCode),
            neutralise(r.description),
            r.ncm ?? '',
            ...anos.map((a) => loads.get(a) ?? null),
            r.variacao,
            neutralise(r.erro),
          ])
          .commit();
      }
      if (rows.length < PAGE) break;
      const last = rows[rows.length - 1]!;
      after = { variacao: last.variacao, productId: last.productId };
    }
    products.commit();
    await workbook.commit();
  })().catch((err) => out.destroy(err));
  return out;
}
