import { PassThrough, type Readable } from 'node:stream';
import { simulationBuyerLabels, type TSimulation } from '@app/contract';
import { transitionTaxFields } from '@app/tax-engine';
import type { DbOrTx } from '../../db/client.js';
import { loadExcelJs } from '../../lib/exceljs.js';
import { neutralise } from '../products/export/export-writers.js';
import { findExportPage } from './simulation.repository.js';

const PAGE = 5000;
const yearHeaders = ['Ano', ...transitionTaxFields, 'vTotal', 'pCarga (%)', 'Estimado'];

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
    years
      .addRow([`Destino ${sim.ufDestino} — ${simulationBuyerLabels[sim.comprador]}; ${sim.produtos} produtos`])
      .commit();
    years.addRow(yearHeaders).commit();
    for (const t of sim.totais ?? [])
      years
        .addRow([t.ano, ...transitionTaxFields.map((f) => t[f]), t.vTotal, t.pCarga, t.estimado ? 'sim' : 'não'])
        .commit();
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
