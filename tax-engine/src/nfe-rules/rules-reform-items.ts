import { hasReformGroups, ntRule, perItem } from './rule-factory.js';
import { rtcV130, rtcV130b, type Vigencia } from './rules-reform-ide.js';
import type { Rule } from './types.js';
import { child, text } from './xml-node.js';

/**
 * NT 2025.002-RTC rows of groups I, LA and N on the item (the ZFM's sub-apuração class, the fuel group for a fuel
 * cClassTrib, the goods' origin), read in full in a public PDF→Markdown conversion of v1.31 (p. 29), and not listed
 * as changed in the histories of v1.32 … v1.51 (p. 4–6) — except that v1.50 "reformulated the layout of the fuels'
 * monophasic taxation and its validation rules" without naming them: LA01-30 is applied only before v1.50's dates.
 * Schedules from the NT's history: I05k-10/20 in v1.30's second list, the others with v1.30's schema. As the NT's
 * note ** says, the rules apply only to documents that fill the reform's fields (IBSCBS or IS in an item).
 */
const beforeV150: Vigencia = {
  homologacao: { desde: rtcV130.homologacao.desde, ate: '2026-08-31' },
  producao: { desde: rtcV130.producao.desde, ate: '2026-11-02' },
};
/** The Amazon states of the ZFM's presumed credit (I05k-20), Amapá only in Macapá and Santana. */
const ZFM_UF = new Set(['AC', 'AM', 'RO', 'RR']);
const ZFM_AP_MUN = new Set(['1600303', '1600600']);
const origMissing = perItem((it) =>
  it.icms && (text(it.icms, 'orig') ?? '') === ''
    ? { campo: `${it.path}/imposto/ICMS/${it.icms.name}/orig`, esperado: 'origem da mercadoria' }
    : null,
);

export const reformItemRules: Rule[] = [
  {
    ...ntRule(
      'I05k-10',
      '1165',
      'Não é permitido informar a classificação para subapuração do IBS na ZFM na NFC-e modelo 65 [nItem: 999]',
      'I',
      ['65'],
      'obrigatoria',
      'NFC-e sem prod/tpCredPresIBSZFM.',
      perItem((it) =>
        text(it.prod, 'tpCredPresIBSZFM') !== undefined
          ? { campo: `${it.path}/prod/tpCredPresIBSZFM`, encontrado: text(it.prod, 'tpCredPresIBSZFM') }
          : null,
      ),
      '1.31',
    ),
    vigencia: rtcV130b,
  },
  {
    ...ntRule(
      'I05k-20',
      '1166',
      'Classificação para subapuração do IBS na ZFM informado indevidamente. [nItem: 999]',
      'I',
      ['55'],
      'obrigatoria',
      'prod/tpCredPresIBSZFM só de emitente do AC, AM, RO, RR ou do AP em Macapá (1600303) ou Santana (1600600).',
      perItem((it, d) => {
        if (text(it.prod, 'tpCredPresIBSZFM') === undefined) return null;
        const uf = text(d.emit, 'enderEmit/UF') ?? '';
        const ok = ZFM_UF.has(uf) || (uf === 'AP' && ZFM_AP_MUN.has(text(d.emit, 'enderEmit/cMun') ?? ''));
        return ok ? null : { campo: `${it.path}/prod/tpCredPresIBSZFM`, encontrado: `emitente ${uf}` };
      }),
      '1.31',
    ),
    vigencia: rtcV130b,
  },
  {
    ...ntRule(
      'LA01-30',
      '1106',
      'Não informado grupo de combustível para cClassTrib de Combustível [nItem: 999]',
      'LA',
      ['55', '65'],
      'obrigatoria',
      'Item com cClassTrib de combustível (410013 ou iniciado por 620) informa o grupo comb (até a reformulação da v1.50).',
      perItem((it) => {
        const c = text(it.ibscbs, 'cClassTrib');
        if (!c || !(c === '410013' || c.startsWith('620')) || child(it.prod, 'comb')) return null;
        return { campo: `${it.path}/prod/comb`, encontrado: `cClassTrib ${c}` };
      }),
      '1.31',
    ),
    vigencia: beforeV150,
  },
  {
    ...ntRule(
      'N11-10',
      '966',
      'Obrigatório o preenchimento da origem da mercadoria [nItem:nnn]',
      'N',
      ['55', '65'],
      'obrigatoria',
      'Com o grupo ICMS e CRT diferente de 4, a origem (orig) é informada (exceto finNFe 5 e 6; só em nota com IBSCBS ou IS).',
      (d, ctx) => {
        const fin = text(d.ide, 'finNFe');
        if (d.crt === '4' || fin === '5' || fin === '6' || !hasReformGroups(d)) return [];
        return origMissing(d, ctx);
      },
      '1.31',
    ),
    vigencia: rtcV130,
  },
];
