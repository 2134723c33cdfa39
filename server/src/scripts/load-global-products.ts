/**
 * Loads the global product base from a CSV (;) or XLSX with the header Codigo;Descricao;GTIN;NCM;CEST:
 * `npx tsx server/src/scripts/load-global-products.ts <arquivo>`. Products are upserted by code
 * (a reload updates them); lines with an invalid GTIN, NCM or CEST are skipped and listed.
 */
import { createReadStream } from 'node:fs';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open-database.js';
import { loadGlobalProducts } from '../modules/products/global/load-global-products.js';

async function main() {
  const file = process.argv[2];
  if (!file || file === '--help') {
    console.log('Uso: npx tsx server/src/scripts/load-global-products.ts <arquivo.csv|arquivo.xlsx>');
    process.exit(file ? 0 : 1);
  }
  const opened = await openDatabase(loadConfig(), { allowRunning: true, log: (m) => console.log(m) });
  try {
    const started = performance.now();
    const r = await loadGlobalProducts(opened.database.db, createReadStream(file));
    console.log(
      `${r.saved} produtos globais gravados de ${r.received} linhas em ${Math.round(performance.now() - started)} ms`,
    );
    for (const bad of r.invalid.slice(0, 50)) console.log(`  linha ${bad.line}: ${bad.reason}`);
    if (r.invalid.length > 50) console.log(`  … e mais ${r.invalid.length - 50} linhas inválidas`);
  } finally {
    await opened.close();
  }
}

main().catch((err) => {
  console.error(`Falha ao carregar produtos globais: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
