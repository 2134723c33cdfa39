import { icmsUfTable } from '../interstate-rate.js';
import { accessKeyDigit, isValidCnpj, isValidCpf, keyModel } from './check-digits.js';
import { isValidIe } from './ie-check-digits.js';
import { type NfeView, root } from './nfe-view.js';
import { mocRule, pushFinding } from './rule-factory.js';
import { fromNt2019001 } from './sources.js';
import type { Finding, Rule, RuleContext } from './types.js';
import { child, children, text, type XNode } from './xml-node.js';

/**
 * Group BA of MOC 7.0 annex I (documents referenced in ide/NFref), rows read with their notes in a public markdown
 * transcription of §4.2.1 (the one decision 072 used), and BA02-30's NFF note in a public transcription of NT 2021.002
 * (§4). Every row here is "Facult." in the annex: applied and marked facultativa. A later NT (the NF-e with DANFE
 * Simplificado Tipo 2) rewrites BA03-10, BA10-10 and BA20-30 as prohibitions of refNF, refNFP and refECF and strikes
 * BA05/06/12–15-10 and BA20-10/20: a document these rows reject is rejected by the new ones too (another code), so the
 * annex's rows are kept. Rows relative to the moment of reception (BA05-10, BA12-10) are alerts, as B09-20 is.
 */
const nfe = ['55'] as const;
const B = `${root}/ide`;
const UF_CODES = new Set(Object.values(icmsUfTable).map((u) => String(u.ibgeCode)));
const ufByCode = new Map(Object.entries(icmsUfTable).map(([uf, f]) => [String(f.ibgeCode), uf]));

/** The NFref occurrences that carry `tag`, with their 1-based position among the NFref (the row's nOcor). */
function refsOf(d: NfeView, tag: string): { node: XNode; campo: string }[] {
  const out: { node: XNode; campo: string }[] = [];
  const refs = children(d.ide, 'NFref');
  for (let i = 0; i < refs.length; i++) {
    const node = child(refs[i], tag);
    if (node) out.push({ node, campo: `${B}/NFref[${i + 1}]/${tag}` });
  }
  return out;
}

/**
 * An access key's fields (MOC 7.0 §2.2.6.2): cUF, AAMM, CNPJ/CPF (14 positions), mod, serie, nNF, tpEmis, cNF, cDV.
 * Letters only in the CNPJ (alphanumeric CNPJ, NT Conjunta 2025.001); anything else is the schema's (225).
 */
const KEY = /^\d{6}[0-9A-Z]{12}\d{26}$/;

const keyRule = (
  id: string,
  codigo: string,
  mensagem: string,
  tag: 'refNFe' | 'refCTe',
  descricao: string,
  bad: (key: string, d: NfeView, ctx: RuleContext) => string | null,
): Rule =>
  mocRule(id, codigo, mensagem, 'BA', nfe, 'facultativa', descricao, (d, ctx) => {
    let out: Finding[] | undefined;
    for (const r of refsOf(d, tag)) {
      const key = r.node.text;
      if (!KEY.test(key)) continue;
      const esperado = bad(key, d, ctx);
      if (esperado === null) continue;
      out = pushFinding(out, { campo: r.campo, esperado, encontrado: key });
    }
    return out ?? [];
  });

const dvBad = (key: string) => {
  const dv = String(accessKeyDigit(key.slice(0, 43)));
  return dv === key[43] ? null : `DV ${dv}`;
};
const ufBad = (key: string) => (UF_CODES.has(key.slice(0, 2)) ? null : 'código IBGE de UF');
/**
 * "Ano Emissão < 06 ou > que o Ano corrente": the current year is the reception's, never before dhEmi's nor, for a
 * document already received, after now's — so a year after both is rejected whenever the document was received.
 */
const yearBad = (key: string, d: NfeView, ctx: RuleContext) => {
  const yy = Number(key.slice(2, 4));
  const now = Math.max(ctx.agora.getUTCFullYear(), Number(d.emissao?.slice(0, 4) ?? 0)) % 100;
  return yy < 6 || yy > now ? `ano entre 06 e ${now}` : null;
};
const monthBad = (key: string) => {
  const mm = Number(key.slice(4, 6));
  return mm >= 1 && mm <= 12 ? null : 'mês 01 a 12';
};
/** The CF-e SAT's key (model 59) lays out nserieSAT (9) and nCF (6) where the NF-e has série (3) and nNF (9). */
const isCfe = (key: string) => keyModel(key) === '59';
const numberBad = (key: string) =>
  /^0+$/.test(isCfe(key) ? key.slice(31, 37) : key.slice(25, 34)) ? 'número diferente de zero' : null;
const duplicates = (
  id: string,
  codigo: string,
  mensagem: string,
  tag: string,
  descricao: string,
  keyOf: (n: XNode) => string,
) =>
  mocRule(id, codigo, mensagem, 'BA', nfe, 'facultativa', descricao, (d) => {
    const seen = new Set<string>();
    let out: Finding[] | undefined;
    for (const r of refsOf(d, tag)) {
      const k = keyOf(r.node);
      if (seen.has(k)) out = pushFinding(out, { campo: r.campo, encontrado: k });
      seen.add(k);
    }
    return out ?? [];
  });
const fields = (n: XNode, tags: string[]) => tags.map((t) => text(n, t) ?? '').join('|');

/**
 * The 14 positions of a key's emitter: a CNPJ for série 0–909, a CPF (000 + 11 digits) for 910–969 (BA02-30); for
 * the NFF (tpEmis 3, NT 2021.002) the 5th digit of nNF says which: 1 CNPJ, 2 CPF. Null when the row does not say —
 * series 970–999 and the CF-e SAT (model 59), whose key has no série nor tpEmis: there a valid CNPJ or CPF passes.
 */
function emitterKind(key: string): 'CNPJ' | 'CPF' | null {
  if (isCfe(key)) return null;
  if (key[34] === '3') return key[29] === '1' ? 'CNPJ' : key[29] === '2' ? 'CPF' : null;
  const serie = Number(key.slice(22, 25));
  return serie <= 909 ? 'CNPJ' : serie <= 969 ? 'CPF' : null;
}
const idBad = (doc: string, kind: 'CNPJ' | 'CPF') =>
  kind === 'CNPJ' ? !isValidCnpj(doc) : !(doc.startsWith('000') && isValidCpf(doc.slice(3)));

/**
 * São Paulo's producer IE (SINTEGRA's "Produtor Rural": P-0MMMSSSS.D/000), the IE of the notes refNFP references,
 * written without the P: 12 digits from a 0, one check digit, the 9th (weights 1, 3, 4, 5, 6, 7, 8, 10 over the first
 * 8, the units of the remainder by 11); the last three are a sequence, not the standard IE's second check digit.
 */
function spProducerIe(v: string): boolean {
  if (!/^0\d{11}$/.test(v)) return false;
  const w = [1, 3, 4, 5, 6, 7, 8, 10];
  let s = 0;
  for (let i = 0; i < 8; i++) s += w[i]! * Number(v[i]);
  return (s % 11) % 10 === Number(v[8]);
}

/** Months from a reference's AAMM to now (the century read as the latest not after now). */
function monthsAgo(aamm: string, agora: Date): number | null {
  if (!/^\d{4}$/.test(aamm)) return null;
  const y = agora.getUTCFullYear();
  let year = 2000 + Number(aamm.slice(0, 2));
  if (year > y) year -= 100;
  return (y - year) * 12 + (agora.getUTCMonth() + 1) - Number(aamm.slice(2));
}
const dateAlert = (id: string, codigo: string, mensagem: string, tag: 'refNF' | 'refNFP', quem: string): Rule => ({
  ...mocRule(
    id,
    codigo,
    mensagem,
    'BA',
    nfe,
    'facultativa',
    `${quem} referenciada (${tag}/AAMM) de mais de 20 anos antes ou posterior ao mês do recebimento (momento da recepção: alerta).`,
    (d, ctx) => {
      let out: Finding[] | undefined;
      for (const r of refsOf(d, tag)) {
        const aamm = text(r.node, 'AAMM') ?? '';
        const m = monthsAgo(aamm, ctx.agora);
        if (m !== null && (m > 240 || m < 0))
          out = pushFinding(out, {
            campo: `${r.campo}/AAMM`,
            esperado: 'até 20 anos antes do recebimento',
            encontrado: aamm,
          });
      }
      return out ?? [];
    },
  ),
  efeito: 'alerta',
});
const docRule = (
  id: string,
  codigo: string,
  mensagem: string,
  tag: 'refNF' | 'refNFP',
  field: 'CNPJ' | 'CPF' | 'IE',
  descricao: string,
  bad: (v: string, ref: XNode) => boolean,
) =>
  mocRule(id, codigo, mensagem, 'BA', nfe, 'facultativa', descricao, (d) => {
    let out: Finding[] | undefined;
    for (const r of refsOf(d, tag)) {
      const v = text(r.node, field);
      if (v !== undefined && bad(v, r.node)) out = pushFinding(out, { campo: `${r.campo}/${field}`, encontrado: v });
    }
    return out ?? [];
  });

const nfeKeyRules = (
  prefix: 'BA02' | 'BA19',
  tag: 'refNFe' | 'refCTe',
  what: string,
  models: readonly string[],
  cnpjOnly: boolean,
) => [
  keyRule(
    `${prefix}-10`,
    '547',
    'Chave de Acesso referenciada com Dígito Verificador inválido[nOcor:nnn]',
    tag,
    `${what} referenciado (${tag}) com dígito verificador válido.`,
    dvBad,
  ),
  keyRule(
    `${prefix}-14`,
    '522',
    'Chave de Acesso referenciada com UF inválida[nOcor:nnn]',
    tag,
    `${what} referenciado (${tag}) com código de UF do IBGE.`,
    ufBad,
  ),
  keyRule(
    `${prefix}-20`,
    '524',
    'Chave de Acesso referenciada com Ano-Mês inválido [nOcor: 999]',
    tag,
    `${what} referenciado (${tag}) com ano de emissão de 06 até o ano corrente (o do recebimento, não anterior a dhEmi).`,
    yearBad,
  ),
  keyRule(
    `${prefix}-24`,
    '524',
    'Chave de Acesso referenciada com Ano-Mês inválido [nOcor: 999]',
    tag,
    `${what} referenciado (${tag}) com mês de emissão de 01 a 12.`,
    monthBad,
  ),
  keyRule(
    `${prefix}-30`,
    '552',
    'Chave de Acesso referenciada com CNPJ/CPF inválido[nOcor:nnn]',
    tag,
    cnpjOnly
      ? `${what} referenciado (${tag}) com CNPJ válido na chave (um CPF válido, 000 + 11 dígitos, não é julgado).`
      : `${what} referenciado (${tag}) com CNPJ (série 0–909) ou CPF (série 910–969; na NFF, o 5º dígito do nNF) válido na chave.`,
    (key) => {
      const doc = key.slice(6, 20);
      if (cnpjOnly) return idBad(doc, 'CNPJ') && idBad(doc, 'CPF') ? 'CNPJ válido' : null;
      const kind = emitterKind(key);
      if (kind === null) return isCfe(key) && idBad(doc, 'CNPJ') && idBad(doc, 'CPF') ? 'CNPJ ou CPF válido' : null;
      return idBad(doc, kind) ? `${kind} válido` : null;
    },
  ),
  keyRule(
    `${prefix}-34`,
    '679',
    'Chave de Acesso referenciada com Modelo inválido[nOcor:nnn]',
    tag,
    `${what} referenciado (${tag}) de modelo ${models.join(', ')}.`,
    (key) => (models.includes(keyModel(key)) ? null : `modelo ${models.join('/')}`),
  ),
  keyRule(
    `${prefix}-40`,
    '683',
    'Chave de Acesso referenciada com Número inválido[nOcor:nnn]',
    tag,
    `${what} referenciado (${tag}) com número diferente de zero.`,
    numberBad,
  ),
  duplicates(
    `${prefix}-44`,
    '680',
    'Chave de Acesso referenciada em duplicidade na NF-e [nOcor:nnn]',
    tag,
    `A mesma chave não é referenciada duas vezes em ${tag}.`,
    (n) => n.text,
  ),
];

export const referencedDocRules: Rule[] = [
  ...nfeKeyRules('BA02', 'refNFe', 'Documento', ['55', '65', '59'], false),
  duplicates(
    'BA03-10',
    '681',
    'Duplicidade de NF Modelo 1 referenciada (CNPJ, Modelo, Série e Número) [nOcor: nnn]',
    'refNF',
    'A mesma NF modelo 1 ou 2 (refNF: CNPJ, modelo, série e número) não é referenciada duas vezes.',
    (n) => fields(n, ['CNPJ', 'mod', 'serie', 'nNF']),
  ),
  dateAlert(
    'BA05-10',
    '317',
    'NF modelo 1 referenciada com data de emissão inválida [nOcor:nnn]',
    'refNF',
    'NF modelo 1',
  ),
  docRule(
    'BA06-10',
    '548',
    'NF modelo 1 referenciada com data de emissão inválida [nOcor:nnn]',
    'refNF',
    'CNPJ',
    'CNPJ da NF modelo 1 referenciada (refNF/CNPJ) diferente de zeros e com dígitos verificadores válidos.',
    (v) => !isValidCnpj(v),
  ),
  duplicates(
    'BA10-10',
    '682',
    'Duplicidade de NF de Produtor referenciada (IE, Modelo, Série e Número) [nOcor: 999]',
    'refNFP',
    'A mesma NF de produtor (refNFP: IE, modelo, série e número) não é referenciada duas vezes.',
    (n) => fields(n, ['IE', 'mod', 'serie', 'nNF']),
  ),
  dateAlert(
    'BA12-10',
    '322',
    'NF de produtor referenciada com data de emissão inválida [nOcor:nnn]',
    'refNFP',
    'NF de produtor',
  ),
  docRule(
    'BA13-10',
    '549',
    'CNPJ da NF referenciada de produtor inválido [nOcor: 999]',
    'refNFP',
    'CNPJ',
    'CNPJ da NF de produtor referenciada (refNFP/CNPJ) diferente de zeros e com dígitos verificadores válidos.',
    (v) => !isValidCnpj(v),
  ),
  docRule(
    'BA14-10',
    '550',
    'CPF da NF referenciada de produtor inválido.',
    'refNFP',
    'CPF',
    'CPF da NF de produtor referenciada (refNFP/CPF) sem zeros, dígitos repetidos ou dígito verificador inválido.',
    (v) => !isValidCpf(v),
  ),
  docRule(
    'BA15-10',
    '551',
    'IE da NF referenciada de produtor inválido.',
    'refNFP',
    'IE',
    'IE da NF de produtor referenciada (refNFP/IE) com tamanho e dígitos da UF de refNFP/cUF (ISENTO não é julgado; em SP, também a IE de produtor rural sem o P).',
    (v, ref) => {
      const uf = ufByCode.get(text(ref, 'cUF') ?? '');
      return uf !== undefined && isValidIe(v, uf) === false && !(uf === 'SP' && spProducerIe(v));
    },
  ),
  ...nfeKeyRules('BA19', 'refCTe', 'CT-e', ['57'], true),
  duplicates(
    'BA20-10',
    '684',
    'Duplicidade de Cupom Fiscal referenciado (Modelo, Número de Ordem e COO) [nOcor: 999]',
    'refECF',
    'O mesmo cupom fiscal (refECF: modelo, número de ordem do ECF e COO) não é referenciado duas vezes.',
    (n) => fields(n, ['mod', 'nECF', 'nCOO']),
  ),
  {
    ...mocRule(
      'BA20-20',
      '923',
      'Referenciado documento de operação interna em operação interestadual ou com o exterior [NT 2019.001]',
      'BA',
      nfe,
      'facultativa',
      'Cupom fiscal (refECF) ou NF modelo 1/2 (refNF) referenciados só em operação interna (idDest=1).',
      (d) => {
        const idDest = text(d.ide, 'idDest');
        if (idDest === '1' || idDest === undefined) return [];
        const r = refsOf(d, 'refECF')[0] ?? refsOf(d, 'refNF')[0];
        return r ? [{ campo: r.campo, encontrado: `idDest ${idDest}` }] : [];
      },
    ),
    vigencia: fromNt2019001,
  },
];
