import { cfopOf, type NfeView } from './nfe-view.js';
import { always, moc } from './sources.js';
import type { Finding, Rule, RuleSource } from './types.js';
import { text } from './xml-node.js';

/**
 * The NFC-e's (model 65) ICMS situations by operation, MOC 7.0 annex I, group N, as NT 2015.002 wrote them and NT
 * 2023.003 v1.20 (2.1.1) widened them for RS, CE and SP: an NFC-e is a retail sale to a consumer, so only the
 * situations of such a sale and only the sale CFOPs of each. The UF exceptions "a critério da UF" are accepted
 * (CST 90 and CSOSN 900 are accepted everywhere, the UF-only CFOP 5.949/5.403/5.405 pairs in their UFs): an
 * offline check cannot know a UF's choice, and a rejection it might not give is worse than one missed.
 */
const source: RuleSource = {
  ...moc('N'),
  secao: 'Regras de Validação, grupo N (NT 2015.002; exceções da NT 2023.003 v1.20, item 2.1.1)',
};

/** Before 01/04/2016 production did not apply N12-30 and N12a-20 (their Exceção 2). */
const from2016 = { producao: { desde: '2016-04-01' }, homologacao: { desde: null } };

/** NFC-e sale CFOPs of the own-ICMS situations (N12-40, N12a-40). */
const OWN_SALE_CFOPS = new Set(['5101', '5102', '5103', '5104', '5115']);
/** NFC-e sale CFOPs of goods whose ICMS was charged before, by ST (N12-44, N12a-44). */
const ST_SALE_CFOPS = new Set(['5405', '5656', '5667']);

/** Monophasic fuel groups (NT 2023.001): not checked, their place in the NFC-e rules was not read in the rule text. */
const MONOPHASIC = new Set(['ICMS02', 'ICMS15', 'ICMS53', 'ICMS61']);

const ufOf = (doc: NfeView) => text(doc.emit, 'enderEmit/UF') ?? '';

/** NT 2023.003 v1.20, 2.1.1: CFOP pairs some UFs accept besides the rule's list. */
function ufAllows(uf: string, code: 'CST' | 'CSOSN', situation: string, cfop: string): boolean {
  const other = code === 'CST' ? '90' : '900';
  if (situation === other && cfop === '5949' && (uf === 'RS' || uf === 'CE' || uf === 'SP')) return true;
  if (situation === other && (cfop === '5403' || cfop === '5405') && uf === 'CE') return true;
  return uf === 'SP' && cfop === '5949' && code === 'CST' && situation === '40';
}

/** Each item whose ICMS code (CST or CSOSN) the predicate refuses, at the code's or the CFOP's tag. */
function refuse(
  doc: NfeView,
  code: 'CST' | 'CSOSN',
  at: 'code' | 'CFOP',
  refused: (situation: string, cfop: string) => string | null,
): Finding[] {
  const out: Finding[] = [];
  for (const it of doc.items) {
    const g = it.icms;
    if (!g || MONOPHASIC.has(g.name) || g.name === 'ICMSST') continue;
    const situation = text(g, code);
    if (situation === undefined) continue;
    const cfop = cfopOf(it);
    const expected = refused(situation, cfop);
    if (expected === null) continue;
    out.push({
      campo: at === 'code' ? `${it.path}/imposto/ICMS/${g.name}/${code}` : `${it.path}/prod/CFOP`,
      nItem: it.nItem,
      esperado: expected,
      encontrado: at === 'code' ? `${code} ${situation}` : `CFOP ${cfop} com ${code} ${situation}`,
    });
  }
  return out;
}

const nfce = {
  grupo: 'N' as const,
  modelos: ['65'] as const,
  aplicacao: 'obrigatoria' as const,
  efeito: 'rejeicao' as const,
  fonte: source,
};

const CST_ALLOWED = new Set(['00', '20', '40', '41', '60', '90']);
const CSOSN_ALLOWED = new Set(['102', '103', '300', '400', '500', '900']);
const CST_OWN = new Set(['00', '20', '40', '41', '90']);
const CSOSN_OWN = new Set(['102', '103', '300', '400', '900']);

/** Group N rules of the NFC-e: which ICMS situations it may carry, and with which CFOPs. */
export const nfceRules: Rule[] = [
  {
    ...nfce,
    id: 'N12-30',
    codigo: '766',
    mensagem: 'Rejeição: Item com CST indevido [nItem:nnn]',
    vigencia: from2016,
    descricao:
      'NFC-e informa CST 00, 20, 40, 41 ou 60 (90 aceito, a critério da UF); grupos monofásicos de combustível (NT 2023.001) não conferidos.',
    verificar: (doc) =>
      refuse(doc, 'CST', 'code', (cst) => (CST_ALLOWED.has(cst) ? null : 'CST 00, 20, 40, 41, 60 ou 90 (NFC-e)')),
  },
  {
    ...nfce,
    id: 'N12-40',
    codigo: '382',
    mensagem: 'Rejeição: CFOP não permitido para o CST informado [nItem:nnn]',
    vigencia: always,
    descricao:
      'NFC-e com CST 00, 20, 40, 41 ou 90 usa CFOP 5.101, 5.102, 5.103, 5.104 ou 5.115 (NT 2023.003: 5.949 com CST 90 no RS e no CE, 5.403/5.405 com CST 90 no CE, 5.949 com CST 40 em SP).',
    verificar: (doc) =>
      refuse(doc, 'CST', 'CFOP', (cst, cfop) =>
        !CST_OWN.has(cst) || OWN_SALE_CFOPS.has(cfop) || ufAllows(ufOf(doc), 'CST', cst, cfop)
          ? null
          : 'CFOP 5.101, 5.102, 5.103, 5.104 ou 5.115',
      ),
  },
  {
    ...nfce,
    id: 'N12-44',
    codigo: '382',
    mensagem: 'Rejeição: CFOP não permitido para o CST informado [nItem:nnn]',
    vigencia: always,
    descricao: 'NFC-e com CST 60 (ICMS cobrado anteriormente por ST) usa CFOP 5.405, 5.656 ou 5.667.',
    verificar: (doc) =>
      refuse(doc, 'CST', 'CFOP', (cst, cfop) =>
        cst !== '60' || ST_SALE_CFOPS.has(cfop) ? null : 'CFOP 5.405, 5.656 ou 5.667',
      ),
  },
  {
    ...nfce,
    id: 'N12a-20',
    codigo: '383',
    mensagem: 'Rejeição: Item com CSOSN indevido [nItem:nnn]',
    vigencia: from2016,
    descricao: 'NFC-e informa CSOSN 102, 103, 300, 400 ou 500 (900 aceito, a critério da UF).',
    verificar: (doc) =>
      refuse(doc, 'CSOSN', 'code', (csosn) =>
        CSOSN_ALLOWED.has(csosn) ? null : 'CSOSN 102, 103, 300, 400, 500 ou 900 (NFC-e)',
      ),
  },
  {
    ...nfce,
    id: 'N12a-40',
    codigo: '386',
    mensagem: 'Rejeição: CFOP não permitido para o CSOSN informado [nItem: nnn]',
    vigencia: always,
    descricao:
      'NFC-e com CSOSN 102, 103, 300, 400 ou 900 usa CFOP 5.101, 5.102, 5.103, 5.104 ou 5.115 (NT 2023.003: 5.949 com CSOSN 900 no RS, no CE e em SP, 5.403/5.405 com CSOSN 900 no CE).',
    verificar: (doc) =>
      refuse(doc, 'CSOSN', 'CFOP', (csosn, cfop) =>
        !CSOSN_OWN.has(csosn) || OWN_SALE_CFOPS.has(cfop) || ufAllows(ufOf(doc), 'CSOSN', csosn, cfop)
          ? null
          : 'CFOP 5.101, 5.102, 5.103, 5.104 ou 5.115',
      ),
  },
  {
    ...nfce,
    id: 'N12a-44',
    codigo: '386',
    mensagem: 'Rejeição: CFOP não permitido para o CSOSN informado [nItem: nnn]',
    vigencia: always,
    descricao: 'NFC-e com CSOSN 500 (ICMS cobrado anteriormente por ST) usa CFOP 5.405, 5.656 ou 5.667.',
    verificar: (doc) =>
      refuse(doc, 'CSOSN', 'CFOP', (csosn, cfop) =>
        csosn !== '500' || ST_SALE_CFOPS.has(cfop) ? null : 'CFOP 5.405, 5.656 ou 5.667',
      ),
  },
];
