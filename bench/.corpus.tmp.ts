// Random NF-e items through calculateNfeItem, printed as JSON: run before and after a change, diff the files.
import { writeFileSync } from 'node:fs';
import { calculateNfeItem } from '@app/tax-engine';
import { formatValue } from '../tax-engine/src/nfe-item/memoria.js';
let seed = 12345;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = <T,>(a: T[]) => a[Math.floor(rnd() * a.length)]!;
const amount = () => { const v = (rnd() * pick([1, 100, 10000, 1e7, 1e12])); const dp = pick([0, 1, 2, 2, 2, 3, 4]); const s = v.toFixed(dp); return pick([s, Number(s), s.replace('.', ',')]); };
const rate = () => { const s = (rnd() * 40).toFixed(pick([0, 1, 2, 4])); return pick([s, Number(s)]); };
const ufs = ['SP', 'RJ', 'MG', 'PR', 'SC', 'RS', 'BA', 'AM'];
const out: unknown[] = [];
for (let i = 0; i < Number(process.env.N ?? 20000); i++) {
  const cst = pick(['00', '10', '20', '30', '40', '41', '50', '51', '60', '70', '90']);
  const input: any = {
    operacao: { ufOrigem: pick(ufs), ufDestino: pick(ufs), consumidorFinal: rnd() < 0.3, contribuinte: rnd() < 0.7, ano: pick([2026, 2027, 2028]) },
    item: {
      vProd: amount(), vFrete: rnd() < 0.3 ? amount() : undefined, vSeg: rnd() < 0.2 ? amount() : undefined, vOutro: rnd() < 0.2 ? amount() : undefined,
      icms: { cst, pICMS: rate(), pRedBC: rnd() < 0.3 ? rate() : undefined, pMVAST: rnd() < 0.5 ? rate() : undefined, ajustarMva: rnd() < 0.5, pICMSST: rate(), pFCP: rnd() < 0.3 ? rate() : undefined, pFCPST: rnd() < 0.3 ? rate() : undefined, pDif: rnd() < 0.3 ? rate() : undefined, motDesICMS: rnd() < 0.3 ? '9' : undefined },
      ipi: rnd() < 0.5 ? { cst: pick(['50', '00', '99']), pIPI: rate() } : undefined,
      pis: rnd() < 0.5 ? { cst: pick(['01', '02', '49']), pPIS: rate() } : undefined,
      cofins: rnd() < 0.5 ? { cst: pick(['01', '02', '49']), pCOFINS: rate() } : undefined,
      ibscbs: rnd() < 0.6 ? { cst: pick(['000', '200', '410']) } : undefined,
    },
  };
  try { out.push(calculateNfeItem(input, rnd() < 0.5 ? { classTrib: { code: '200003', cst: '200', pRedCBS: pick([0, 60, 40.5]), pRedIBS: pick([0, 60, 30]), legalBasis: 'x' } } : {})); }
  catch (e) { out.push(String(e)); }
}
const values: unknown[] = [];
for (let i = 0; i < 20000; i++) { const v = pick<any>([amount(), rate(), -Number(amount()), '-' + String(amount()), String(rnd()), rnd() * 1e-9, 0, -0, '0', '', 'abc', true, null]); let f: string; try { f = formatValue(v); } catch (e) { f = String(e); } values.push([v, f]); }
writeFileSync(process.argv[2]!, JSON.stringify({ out, values }));
