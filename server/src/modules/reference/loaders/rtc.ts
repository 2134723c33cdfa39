import { cleanText, parseIsoDate } from './reference-files.js';
import type { TableSpec } from './upsert.js';

/**
 * The open data of Receita Federal's reference CBS/IBS/IS calculator (reference-data/rtc/README.md: source,
 * commit, conventions). Field names are the source's columns; rates are percentage strings kept as written.
 */
type Row = Record<string, unknown>;

const readRows = (content: string) => JSON.parse(content) as Row[];
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

function rate(v: unknown, field: string): string {
  const s = String(v ?? '').trim();
  if (!/^\d+(\.\d+)?$/.test(s)) throw new Error(`${field}: valor inválido "${String(v)}".`);
  return s;
}

function date(v: unknown, field: string): string {
  const d = parseIsoDate(text(v) ?? '');
  if (!d) throw new Error(`${field}: data inválida "${String(v)}".`);
  return d;
}

const dated = (cols: TableSpec['columns']) => [
  ...cols,
  { name: 'valid_from', type: 'date' },
  { name: 'valid_to', type: 'date' },
];

/**
 * Which reference-rate rows the law itself fixes (not estimates): 2026 CBS 0.9 % and IBS-UF 0.1 %
 * (LC 214/2025 arts. 343 and 346), IBS-Mun 0 in 2026 and IBS 0.05 % + 0.05 % in 2027–2028 (ADCT art. 127,
 * EC 132/2023; LC 214/2025 art. 344). Every other row (CBS from 2027, IBS from 2029) depends on the reference
 * rates the Senate has not yet fixed (CF art. 156-A §1º XII; LC 214/2025 arts. 353 a 359): an estimate.
 */
function isFixedByLaw(tax: string, year: number): boolean {
  if (year === 2026) return true;
  return (year === 2027 || year === 2028) && tax !== 'CBS';
}

export const rtcRatesSpec: TableSpec = {
  table: 'ref_cbs_ibs_rates',
  columns: dated([
    { name: 'tax', type: 'text' },
    { name: 'rate', type: 'numeric' },
    { name: 'estimated', type: 'boolean' },
    { name: 'source', type: 'text' },
  ]),
  key: ['tax', 'valid_from'],
};

export function parseRtcRatesFile(content: string) {
  const rows = readRows(content).map((r) => {
    const tax = String(r.TBTO_SIGLA);
    const from = date(r.ALRE_INICIO_VIGENCIA, 'ALRE_INICIO_VIGENCIA');
    const estimated = !isFixedByLaw(tax, Number(from.slice(0, 4)));
    return {
      tax,
      rate: rate(r.ALRE_VALOR, 'ALRE_VALOR'),
      estimated,
      source: estimated
        ? 'Estimativa: calculadora de referência da RFB (dados abertos V0029, 30/01/2026); alíquota ainda não fixada pelo Senado'
        : tax === 'CBS'
          ? 'LC 214/2025, art. 346 (CBS de 0,9 % em 2026)'
          : Number(from.slice(0, 4)) === 2026
            ? 'LC 214/2025, art. 343 (IBS de 0,1 % em 2026, só estadual)'
            : 'ADCT, art. 127 (EC 132/2023); LC 214/2025, art. 344 (IBS 0,05 % estadual + 0,05 % municipal)',
      valid_from: from,
      valid_to: parseIsoDate(text(r.ALRE_FIM_VIGENCIA) ?? ''),
    };
  });
  return { rows };
}

/** Group indicators the engine reads (CST's SITR_IND_* and the code's CLTR_IND_*), as one object. */
const flagFields = {
  gIBSCBS: 'SITR_IND_GIBSCBS',
  gIBSCBSMono: 'SITR_IND_GIBSCBSMONO',
  gRed: 'SITR_IND_GRED',
  gDif: 'SITR_IND_GDIF',
  gTransfCred: 'SITR_IND_GTRANSFCRED',
  gCredPresIBSZFM: 'SITR_IND_GCREDPRESIBSZFM',
  gAjusteCompet: 'SITR_IND_GAJUSTECOMPET',
  gCredPresOper: 'CLTR_IND_GCREDPRESOPER',
  gMonoPadrao: 'CLTR_IND_GMONOPADRAO',
  gMonoReten: 'CLTR_IND_GMONORETEN',
  gMonoRet: 'CLTR_IND_GMONORET',
  gMonoDif: 'CLTR_IND_GMONODIF',
  gEstornoCred: 'CLTR_IND_GESTORNOCRED',
  redutor: 'TRTR_IN_POSSUI_REDUTOR',
  // The tax treatment's rules the calculator refuses by (CalculadoraService: TributacaoRegularNaoInformada,
  // IncompatibilidadeSuspensao).
  exigeTribRegular: 'TRTR_IN_EXIGE_GRUPO_DESONERACAO',
  incompativelSuspensao: 'TRTR_IN_INCOMPATIVEL_COM_SUSPENSAO',
} as const;

/**
 * The deferral each tax treatment fixes (TRATAMENTO_TRIBUTARIO.TRTR_EXPRESSAO_PERCENTUAL_DIFERIMENTO, a fraction),
 * which the classifications file names only by TRTR_ID: treatments 20 "Diferimento" and 21 "Diferimento com
 * redução de alíquota" carry "1.00" (shared/data/rtc/tratamentos-tributarios.json, same commit and migration V0029
 * as the file loaded here). No other treatment has one. The classifications file has no such column (none of its
 * rows, bundled or official, carries it), so the treatment is the only source.
 */
const deferralByTreatment: Record<number, string> = { 20: '1.00', 21: '1.00' };

/** The row's deferral as a percentage ("1.00" → "100"), or null when its treatment fixes none. */
function deferralPercent(r: Row): string | null {
  const fraction = deferralByTreatment[Number(r.TRTR_ID)];
  if (!fraction) return null;
  const value = rate(fraction, 'TRTR_EXPRESSAO_PERCENTUAL_DIFERIMENTO');
  return String(Number(value) * 100);
}

export const rtcClassTribSpec: TableSpec = {
  table: 'ref_rtc_cclasstrib',
  columns: [
    { name: 'kind', type: 'text' },
    { name: 'cst', type: 'text' },
    { name: 'code', type: 'text' },
    { name: 'taxes', type: 'text' },
    { name: 'description', type: 'text' },
    { name: 'p_red_cbs', type: 'numeric' },
    { name: 'p_red_ibsuf', type: 'numeric' },
    { name: 'p_red_ibsmun', type: 'numeric' },
    { name: 'p_dif', type: 'numeric' },
    { name: 'rate_type', type: 'text' },
    { name: 'nomenclature', type: 'text' },
    { name: 'flags', type: 'jsonb' },
    { name: 'documents', type: 'text[]' },
    { name: 'legal_basis', type: 'text' },
    { name: 'start_date', type: 'date' },
    { name: 'end_date', type: 'date' },
  ],
  key: ['kind', 'code'],
};

export function parseRtcClassTribFile(content: string) {
  const rows = readRows(content).map((r) => ({
    kind: r.TBTO_SIGLA === 'IS' ? 'IS' : 'IBSCBS',
    cst: String(r.SITR_CD),
    code: String(r.CLTR_CD),
    taxes: String(r.TBTO_SIGLA),
    description: cleanText(text(r.CLTR_DESCRICAO) ?? ''),
    p_red_cbs: rate(r.PERE_VALOR_CBS ?? '0', 'PERE_VALOR_CBS'),
    p_red_ibsuf: rate(r.PERE_VALOR_IBSUF ?? '0', 'PERE_VALOR_IBSUF'),
    p_red_ibsmun: rate(r.PERE_VALOR_IBSMUN ?? '0', 'PERE_VALOR_IBSMUN'),
    p_dif: deferralPercent(r),
    rate_type: cleanText(text(r.CLTR_TIPO_ALIQUOTA) ?? ''),
    nomenclature: text(r.CLTR_NOMENCLATURA),
    flags: Object.fromEntries(Object.entries(flagFields).map(([k, col]) => [k, r[col] === 1])),
    documents: list(r.TPDF_SIGLA),
    legal_basis: list(r.FDLG_TEXTO_CURTO).join('; '),
    start_date: date(r.CLTR_INICIO_VIGENCIA, 'CLTR_INICIO_VIGENCIA'),
    end_date: parseIsoDate(text(r.CLTR_FIM_VIGENCIA) ?? ''),
  }));
  return { rows };
}

export const rtcNcmSpec: TableSpec = {
  table: 'ref_rtc_ncm',
  columns: [
    { name: 'id', type: 'integer' },
    { name: 'kind', type: 'text' },
    { name: 'cst', type: 'text' },
    { name: 'code', type: 'text' },
    { name: 'ncm', type: 'text' },
    { name: 'annex', type: 'text' },
    { name: 'excluded', type: 'text[]' },
    { name: 'start_date', type: 'date' },
    { name: 'end_date', type: 'date' },
  ],
  key: ['id'],
};

export function parseRtcNcmFile(content: string) {
  const rows = readRows(content).map((r) => ({
    id: Number(r.NCMA_ID),
    kind: r.TBTO_SIGLA === 'IS' ? 'IS' : 'IBSCBS',
    cst: String(r.SITR_CD),
    code: String(r.CLTR_CD),
    ncm: String(r.NCMA_NCM_CD),
    annex: r.ANXO_NUMERO ? `Anexo ${String(r.ANXO_NUMERO)}, item ${String(r.ANXO_NUMERO_ITEM)}` : null,
    excluded: list(r.ENCM_NCM_CD),
    start_date: date(r.NCMA_INICIO_VIGENCIA, 'NCMA_INICIO_VIGENCIA'),
    end_date: parseIsoDate(text(r.NCMA_FIM_VIGENCIA) ?? ''),
  }));
  return { rows };
}

export const rtcSpecificRatesSpec: TableSpec = {
  table: 'ref_rtc_specific_rates',
  columns: dated([
    { name: 'code', type: 'text' },
    { name: 'tax', type: 'text' },
    { name: 'rate', type: 'numeric' },
  ]),
  key: ['code', 'tax', 'valid_from'],
};

export function parseRtcSpecificRatesFile(content: string) {
  const rows = readRows(content).map((r) => ({
    code: String(r.CLTR_CD),
    tax: String(r.TBTO_SIGLA),
    rate: rate(r.AADV_VALOR, 'AADV_VALOR'),
    valid_from: date(r.AADV_INICIO_VIGENCIA, 'AADV_INICIO_VIGENCIA'),
    valid_to: parseIsoDate(text(r.AADV_FIM_VIGENCIA) ?? ''),
  }));
  return { rows };
}

export const rtcIsSpec: TableSpec = {
  table: 'ref_is_rates',
  columns: dated([
    { name: 'ref', type: 'text' },
    { name: 'kind', type: 'text' },
    { name: 'ncm', type: 'text' },
    { name: 'nbs', type: 'text' },
    { name: 'rate', type: 'numeric' },
    { name: 'unit', type: 'text' },
    { name: 'excluded', type: 'text[]' },
  ]),
  key: ['ref'],
};

export function parseRtcIsFile(content: string) {
  const rows = readRows(content).map((r) => ({
    ref: `${String(r.TIPO_ALIQUOTA)}-${r.NBS_CD ? 'NBS' : 'NCM'}-${String(r.ID)}`,
    kind: String(r.TIPO_ALIQUOTA),
    ncm: text(r.NCM_CD),
    nbs: text(r.NBS_CD),
    rate: rate(r.VALOR, 'VALOR'),
    unit: text(r.UNMD_SIGLA),
    excluded: list(r.EXCECAO_NCM_CD),
    valid_from: date(r.INICIO_VIGENCIA, 'INICIO_VIGENCIA'),
    valid_to: parseIsoDate(text(r.FIM_VIGENCIA) ?? ''),
  }));
  return { rows };
}

export const rtcMonoSpec: TableSpec = {
  table: 'ref_mono_rates',
  columns: dated([
    { name: 'ncm', type: 'text' },
    { name: 'tax', type: 'text' },
    { name: 'rate', type: 'numeric' },
    { name: 'unit', type: 'text' },
  ]),
  key: ['ncm', 'tax', 'valid_from'],
};

export function parseRtcMonoFile(content: string) {
  const rows = readRows(content).map((r) => ({
    ncm: String(r.AARP_NCM_CD),
    tax: String(r.TBTO_SIGLA),
    rate: rate(r.AARE_VALOR, 'AARE_VALOR'),
    unit: String(r.UNMD_SIGLA),
    valid_from: date(r.AARP_INICIO_VIGENCIA, 'AARP_INICIO_VIGENCIA'),
    valid_to: parseIsoDate(text(r.AARP_FIM_VIGENCIA) ?? ''),
  }));
  return { rows };
}
