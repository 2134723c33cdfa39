import { isValidCnpj } from './check-digits.js';
import { cents, timesCents } from './money.js';
import { type ItemView, ide, type NfeView } from './nfe-view.js';
import { mocRule, perItem, pushFinding } from './rule-factory.js';
import type { Finding, Rule } from './types.js';
import { children, text } from './xml-node.js';

/**
 * Group I of MOC 7.0 annex I: the manufacturer's CNPJ when the scale is not relevant (I05e-10/20), vProd against unit
 * value × quantity (I11-10/20, note (*4)), the customs clearance date (I23-10, relative to now: an alert) and the
 * batch's expiry against its manufacture (I84-10). Rows read in a public markdown transcription of §4.2.1 (the one
 * decision 072 used), I05e and I84 also in a public transcription of NT 2016.002, which created them.
 */
const both = ['55', '65'] as const;

/** vProd = unit × quantity, rounded to the cent, R$ 0,01 for more or less (note (*4)); only in an NF-e normal. */
const productOf = (unit: 'vUnCom' | 'vUnTrib', qty: 'qCom' | 'qTrib') => (it: ItemView, d: NfeView) => {
  if (ide(d, 'finNFe') !== '1') return null;
  const p = timesCents(text(it.prod, unit), text(it.prod, qty));
  const v = cents(text(it.prod, 'vProd'));
  if (p === null || v === null || Math.abs(p - v) <= 1) return null;
  return { campo: `${it.path}/prod/vProd`, esperado: (p / 100).toFixed(2), encontrado: text(it.prod, 'vProd') };
};

const dayMs = 86_400_000;

export const itemFactRules: Rule[] = [
  mocRule(
    'I05e-10',
    '879',
    'Informado item “Produzido em Escala NÃO Relevante” e não informado CNPJ do Fabricante [nItem: 999]',
    'I',
    both,
    'obrigatoria',
    'Item com indEscala "N" (escala não relevante) informa CNPJFab.',
    perItem((it) =>
      text(it.prod, 'indEscala') === 'N' && text(it.prod, 'CNPJFab') === undefined
        ? { campo: `${it.path}/prod/CNPJFab`, encontrado: 'indEscala N' }
        : null,
    ),
  ),
  mocRule(
    'I05e-20',
    '489',
    'CNPJ informado inválido (DV ou zeros)',
    'I',
    both,
    'obrigatoria',
    'CNPJFab diferente de zeros e com dígitos verificadores válidos.',
    perItem((it) => {
      const v = text(it.prod, 'CNPJFab');
      return v !== undefined && !isValidCnpj(v) ? { campo: `${it.path}/prod/CNPJFab`, encontrado: v } : null;
    }),
  ),
  mocRule(
    'I11-10',
    '629',
    'Valor do Produto difere do produto Valor Unitário de Comercialização e Quantidade Comercial [nItem: 999]',
    'I',
    both,
    'facultativa',
    'NF-e normal (finNFe=1): vProd = vUnCom × qCom arredondado ao centavo, ± R$ 0,01 (nota (*4)).',
    perItem(productOf('vUnCom', 'qCom')),
  ),
  mocRule(
    'I11-20',
    '630',
    'Valor do Produto difere do produto Valor Unitário de Tributação e Quantidade Tributável [nItem: 999]',
    'I',
    both,
    'facultativa',
    'NF-e normal (finNFe=1): vProd = vUnTrib × qTrib arredondado ao centavo, ± R$ 0,01 (nota (*4)).',
    perItem(productOf('vUnTrib', 'qTrib')),
  ),
  {
    ...mocRule(
      'I23-10',
      '376',
      'Data do Desembaraço Aduaneiro inválida [nItem: nnn]',
      'I',
      ['55'],
      'obrigatoria',
      'DI/dDesemb de até 5 anos antes do recebimento e não posterior a ele (momento da recepção: alerta).',
      (d, ctx) => {
        const now = ctx.agora.getTime();
        let out: Finding[] | undefined;
        for (const it of d.items)
          for (const di of children(it.prod, 'DI')) {
            const v = text(di, 'dDesemb');
            const t = v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00-03:00`) : Number.NaN;
            if (Number.isNaN(t)) continue;
            const fiveYears = new Date(ctx.agora);
            fiveYears.setUTCFullYear(fiveYears.getUTCFullYear() - 5);
            if (t < fiveYears.getTime() - dayMs || t > now + dayMs)
              out = pushFinding(out, {
                campo: `${it.path}/prod/DI/dDesemb`,
                nItem: it.nItem,
                esperado: 'nos 5 anos antes do recebimento',
                encontrado: v,
              });
          }
        return out ?? [];
      },
    ),
    efeito: 'alerta',
  },
  mocRule(
    'I84-10',
    '870',
    'Data de validade incompatível com data de fabricação [nItem: 999]',
    'I',
    both,
    'obrigatoria',
    'rastro/dVal não anterior a rastro/dFab.',
    (d) => {
      let out: Finding[] | undefined;
      for (const it of d.items)
        for (const r of children(it.prod, 'rastro')) {
          const fab = text(r, 'dFab');
          const val = text(r, 'dVal');
          if (fab && val && /^\d{4}-\d{2}-\d{2}$/.test(fab) && /^\d{4}-\d{2}-\d{2}$/.test(val) && val < fab)
            out = pushFinding(out, {
              campo: `${it.path}/prod/rastro/dVal`,
              nItem: it.nItem,
              esperado: `≥ ${fab}`,
              encontrado: val,
            });
        }
      return out ?? [];
    },
  ),
];
