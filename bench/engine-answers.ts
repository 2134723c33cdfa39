/**
 * The engine's answers to N pseudo-random items (a fixed seed) and the memória's printing of random values, as one
 * JSON file: run it before and after a speed change and compare the files byte for byte (`cmp`). That is how the
 * issue 21 optimisations were held to "no answer changes".
 *   npx tsx bench/engine-answers.ts /tmp/after.json [N=20000]
 */
import { writeFileSync } from 'node:fs';
import { calculateNfeItem, type NfeItemContext, type NfeItemInput, type TaxValue } from '@app/tax-engine';
import { formatValue } from '../tax-engine/src/nfe-item/memoria.js';

let seed = 12345;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
/** Amounts as ERPs send them: number, dot or comma string, 0–4 decimals, up to 13 integer digits. */
const amount = (): TaxValue => {
  const text = (random() * pick([1, 100, 10_000, 1e7, 1e12])).toFixed(pick([0, 1, 2, 2, 2, 3, 4]));
  return pick([text, Number(text), text.replace('.', ',')]);
};
const rate = (): TaxValue => {
  const text = (random() * 40).toFixed(pick([0, 1, 2, 4]));
  return pick([text, Number(text)]);
};
const maybe = <T>(p: number, value: () => T) => (random() < p ? value() : undefined);
const ufs = ['SP', 'RJ', 'MG', 'PR', 'SC', 'RS', 'BA', 'AM'] as const;

const answers: unknown[] = [];
for (let i = 0; i < Number(process.argv[3] ?? 20_000); i++) {
  const input: NfeItemInput = {
    operacao: {
      ufOrigem: pick(ufs),
      ufDestino: pick(ufs),
      consumidorFinal: random() < 0.3,
      contribuinte: random() < 0.7,
      ano: pick([2026, 2027, 2028]),
    },
    item: {
      vProd: amount(),
      vFrete: maybe(0.3, amount),
      vSeg: maybe(0.2, amount),
      vOutro: maybe(0.2, amount),
      icms: {
        cst: pick(['00', '10', '20', '30', '40', '41', '50', '51', '60', '70', '90']),
        pICMS: rate(),
        pRedBC: maybe(0.3, rate),
        pMVAST: maybe(0.5, rate),
        ajustarMva: random() < 0.5,
        pICMSST: rate(),
        pFCP: maybe(0.3, rate),
        pFCPST: maybe(0.3, rate),
        pDif: maybe(0.3, rate),
        motDesICMS: maybe(0.3, () => '9'),
      },
      ipi: maybe(0.5, () => ({ cst: pick(['50', '00', '99']), pIPI: rate() })),
      pis: maybe(0.5, () => ({ cst: pick(['01', '02', '49']), pPIS: rate() })),
      cofins: maybe(0.5, () => ({ cst: pick(['01', '02', '49']), pCOFINS: rate() })),
      ibscbs: maybe(0.6, () => ({ cst: pick(['000', '200', '410']) })),
    },
  };
  const ctx: NfeItemContext =
    random() < 0.5
      ? {
          classTrib: {
            code: '200003',
            cst: '200',
            pRedCBS: pick([0, 60, 40.5]),
            pRedIBS: pick([0, 60, 30]),
            legalBasis: 'LC 214/2025',
          },
        }
      : {};
  try {
    answers.push(calculateNfeItem(input, ctx));
  } catch (err) {
    answers.push(String(err));
  }
}
const printed: unknown[] = [];
for (let i = 0; i < 20_000; i++) {
  const value = pick<() => TaxValue | boolean | null>([
    amount,
    rate,
    () => -Number(amount()),
    () => `-${String(amount())}`,
    () => String(random()),
    () => random() * 1e-9,
    () => 0,
    () => -0,
    () => '0',
    () => '',
    () => 'abc',
    () => true,
    () => null,
  ])();
  try {
    printed.push([value, formatValue(value)]);
  } catch (err) {
    printed.push([value, String(err)]);
  }
}
writeFileSync(process.argv[2]!, JSON.stringify({ answers, printed }));
