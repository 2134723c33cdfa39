import type { TTaxCalculateRequest } from '@app/contract';
import {
  type CbsIbsRateFact,
  type CbsIbsTax,
  type ClassTribFacts,
  icmsUfTable,
  modelsOf,
  type NfeItemContext,
} from '@app/tax-engine';
import { AppError } from '../../lib/app-error.js';
import { isInForce, type ReformIndex, ratesOn, rowsInForce } from './reform-index.js';
import { sharedFacts } from './shared-facts.js';
import type { CalculationFacts, ReformSnapshot } from './tax.repository.js';

const refused = (field: string, message: string) => new AppError('VALIDATION', message, [{ field, message }]);
const brDate = (date: string) => date.split('-').reverse().join('/');
const taxes: CbsIbsTax[] = ['CBS', 'IBSUF', 'IBSMun'];
/**
 * IBGE municipality codes whose check digit does not follow the rule and that SEFAZ accepts as they are
 * (MOC NF-e, validation of cMunFG, rejection 270).
 */
const ibgeCheckDigitExceptions = new Set([
  '2201919',
  '2202251',
  '2201988',
  '2611533',
  '3117836',
  '3152131',
  '4305871',
  '5203939',
  '5203962',
]);

/** The IBGE check digit: weights 1,2,1,2,1,2 on the first six digits, products' digits summed, mod 10. */
function hasValidIbgeCheckDigit(code: string): boolean {
  if (ibgeCheckDigitExceptions.has(code)) return true;
  let sum = 0;
  for (let i = 0; i < 6; i++) {
    const p = Number(code[i]) * (i % 2 === 0 ? 1 : 2);
    sum += p > 9 ? p - 9 : p;
  }
  return (10 - (sum % 10)) % 10 === Number(code[6]);
}

/**
 * The municipality of the IBS: the place of the operation (LC 214/2025, art. 11), for goods the place of delivery,
 * so its code must belong to the destination UF. There is no municipality table in the reference data, so the code
 * is checked by its check digit and its UF prefix (the first two digits are the IBGE code of the UF).
 */
function checkMunicipality(req: TTaxCalculateRequest): void {
  const code = req.operacao.cMunFG;
  if (code) checkMunicipalityCode(code, req.operacao.ufDestino, 'operacao.cMunFG', 'cMunFG', 'UF de destino');
}

/** An IBGE municipality code of the UF (check digit, UF prefix); a 400 on `field` otherwise. */
export function checkMunicipalityCode(code: string, uf: string, field: string, label: string, ufLabel = 'UF'): void {
  if (!hasValidIbgeCheckDigit(code))
    throw refused(field, `${label} ${code}: dígito verificador do código IBGE inválido.`);
  const ufCode = String(icmsUfTable[uf as keyof typeof icmsUfTable].ibgeCode);
  if (code.slice(0, 2) !== ufCode)
    throw refused(
      field,
      `${label} ${code} não é um município da ${ufLabel} ${uf} (os códigos IBGE de ${uf} começam por ${ufCode}).`,
    );
}

function findRates(index: ReformIndex, date: string, cMun: string | undefined): Record<CbsIbsTax, CbsIbsRateFact> {
  const inForce = ratesOn(index, date).rates;
  const out = {} as Record<CbsIbsTax, CbsIbsRateFact>;
  for (const tax of taxes) {
    const row = inForce.find((r) => r.tax === tax);
    if (!row)
      throw refused('operacao.data', `Não há alíquota de ${tax} em vigor em ${brDate(date)} na tabela de alíquotas.`);
    out[tax] = { rate: row.rate, estimado: row.estimated, source: row.source };
  }
  // The município's own IBS rate (the Admin's table, 0810) wins over the reference rate when one is in force.
  const own = cMun ? rowsInForce(index.municipalByCode.get(cMun), date)[0] : undefined;
  if (own) out.IBSMun = { rate: own.rate, estimado: own.estimated, source: `${own.source} (município ${own.cMun})` };
  return out;
}

/** The facts below, made once per reform index (snapshot) and key and shared by every item (shared-facts.ts). */
const cbsIbsRatesOn = sharedFacts<ReformIndex, Record<CbsIbsTax, CbsIbsRateFact>>();
const classTribOn = sharedFacts<ReformIndex, ClassTribFacts>();

function toClassTrib(row: ReformSnapshot['classTribs'][number], index: ReformIndex, date: string): ClassTribFacts {
  const specific = rowsInForce(index.specificByCode.get(row.code), date);
  return {
    code: row.code,
    cst: row.cst,
    pRedCBS: row.pRedCbs,
    pRedIBS: row.pRedIbsUf,
    pRedIBSUF: row.pRedIbsUf,
    pRedIBSMun: row.pRedIbsMun,
    legalBasis: row.legalBasis,
    flags: row.flags,
    specificRates: specific.length > 0 ? Object.fromEntries(specific.map((r) => [r.tax, r.rate])) : undefined,
    ...(row.pDif !== null && row.pDif !== undefined ? { pDif: row.pDif } : {}),
  };
}

/** A code of the calculator's table, in force on the date and accepted in an NF-e; undefined when not in the table. */
function findClassTrib(index: ReformIndex, kind: 'IBSCBS' | 'IS', code: string, field: string, date: string) {
  const row = index.classTribs.get(`${kind}|${code}`);
  if (!row) return undefined;
  if (!isInForce(date, row.startDate, row.endDate))
    throw refused(
      field,
      `cClassTrib ${code} não está em vigor em ${brDate(date)} (vigência a partir de ${brDate(row.startDate)}${row.endDate ? ` até ${brDate(row.endDate)}` : ''}).`,
    );
  // The IS codes list no DF-e in the calculator's table: the check is for the IBS/CBS codes.
  if (kind === 'IBSCBS' && modelsOf(row.documents).length === 0)
    throw refused(
      field,
      `cClassTrib ${code} não pode ser usado em NF-e (documentos aceitos: ${row.documents.join(', ') || 'nenhum'}).`,
    );
  return row;
}

/** The NCM must be one the code applies to (annexes of LC 214/2025), when the table lists any for the code. */
function checkNcm(index: ReformIndex, code: string, ncm: string | undefined, date: string): void {
  const rows = rowsInForce(
    index.ncmByCode.get(code)?.map((r) => ({ ...r, validFrom: r.startDate, validTo: r.endDate })),
    date,
  );
  if (rows.length === 0) return;
  if (!ncm)
    throw refused(
      'item.ncm',
      `item.ncm: informe o NCM; o cClassTrib ${code} só se aplica aos NCM listados na LC 214/2025.`,
    );
  const match = rows.find((r) => ncm.startsWith(r.ncm) && !r.excluded.some((x) => ncm.startsWith(x)));
  if (!match)
    throw refused(
      'item.ncm',
      `O NCM ${ncm} não está entre os NCM a que o cClassTrib ${code} se aplica (${rows[0]?.annex ?? 'LC 214/2025'}).`,
    );
}

type RequestIs = NonNullable<TTaxCalculateRequest['item']['is']>;

/** The IS rates in force for an NCM on the date, the most specific NCM row first (a prefix row gives way). */
function findIsRows(index: ReformIndex, ncm: string | undefined, date: string) {
  return ratesOn(index, date)
    .isRates.filter((r) => r.ncm && ncm?.startsWith(r.ncm) && !r.excluded.some((x) => ncm.startsWith(x)))
    .sort((a, b) => (b.ncm?.length ?? 0) - (a.ncm?.length ?? 0));
}

function findIsRates(index: ReformIndex, req: TTaxCalculateRequest, date: string): NfeItemContext['isRates'] {
  const g = req.item.is;
  const ncm = req.item.ncm;
  if (!g) {
    // The calculator refuses an NCM with an IS ad valorem rate on the date sent without the IS group
    // (CalculadoraService.obterTratamentoClassificacao: ImpostoSeletivoNaoInformadoException).
    if (findIsRows(index, ncm, date).some((r) => r.kind === 'AD_VALOREM'))
      throw refused(
        'item.is',
        `O NCM ${ncm} está sujeito ao Imposto Seletivo em ${brDate(date)}: informe o grupo item.is (CSTIS e cClassTribIS; LC 214/2025, art. 409; NT 2025.002, grupo UB01).`,
      );
    return undefined;
  }
  if (date < '2027-01-01')
    throw refused(
      'item.is',
      'O Imposto Seletivo só é cobrado a partir de 01/01/2027 (EC 132/2023, art. 126, I, "b", do ADCT).',
    );
  findClassTrib(index, 'IS', g.cClassTribIS, 'item.is.cClassTribIS', date);
  if (g.CSTIS !== '000' || g.pIS !== undefined || g.pISEspec !== undefined) return undefined;
  const rows = findIsRows(index, ncm, date);
  if (rows.length === 0)
    throw refused(
      'item.is.pIS',
      `Não há alíquota do Imposto Seletivo para o NCM ${ncm ?? '(não informado)'} em ${brDate(date)}: informe item.ncm ou pIS.`,
    );
  const adValorem = rows.find((r) => r.kind === 'AD_VALOREM');
  const adRem = rows.find((r) => r.kind === 'AD_REM');
  if (adRem && g.qTrib === undefined)
    throw refused('item.is.qTrib', `O NCM ${ncm} tem Imposto Seletivo por unidade (${adRem.unit}): informe qTrib.`);
  return { pIS: adValorem?.rate, pISEspec: adRem?.rate, uTrib: adRem?.unit ?? undefined };
}

/**
 * The IS group of one item carried through 2026–2033 (POST /tax/transition, the catalogue simulation): none before
 * 2027 (the IS does not exist yet); from 2027 the one sent, else, for an NCM of the IS table, CSTIS 000 with
 * cClassTribIS 000001 ("Primeiro fornecimento a qualquer título de bem", the calculator's taxed code) and the
 * table's rates — an NCM with a rate per unit (cigarettes) still needs qTrib, which only the request can give.
 */
function settleIsByYear(index: ReformIndex, req: TTaxCalculateRequest, date: string): RequestIs | null {
  if (date < '2027-01-01') return null;
  if (req.item.is) return req.item.is;
  if (!findIsRows(index, req.item.ncm, date).some((r) => r.kind === 'AD_VALOREM')) return null;
  return { CSTIS: '000', cClassTribIS: '000001' };
}

function findMonoRates(index: ReformIndex, req: TTaxCalculateRequest, date: string): NfeItemContext['monoRates'] {
  if (req.item.ibscbs?.cst !== '620') return undefined;
  const ncm = req.item.ncm;
  const rows = rowsInForce(ncm ? index.monoByNcm.get(ncm) : undefined, date);
  const rate = (tax: CbsIbsTax) => rows.find((r) => r.tax === tax)?.rate;
  if (!rate('CBS'))
    throw refused(
      'item.ncm',
      `CST 620: o NCM ${ncm ?? '(não informado)'} não tem alíquota ad rem de combustível em ${brDate(date)}.`,
    );
  return {
    adRemCBS: rate('CBS')!,
    adRemIBSUF: rate('IBSUF') ?? 0,
    adRemIBSMun: rate('IBSMun') ?? 0,
    unit: rows[0]!.unit,
  };
}

/**
 * The reform's facts of one item on a date, checked as SEFAZ and the official calculator would (400 per field):
 * the dated CBS/IBS rates (estimates marked), the cClassTrib of the calculator's table (validity, NF-e, NCM
 * applicability, fixed rates), the regular-regime code, the Imposto Seletivo and monophasic rates, the municipality.
 */
export function buildReformContext(
  req: TTaxCalculateRequest,
  facts: CalculationFacts,
  date: string,
  opts: { isByYear?: boolean } = {},
): Partial<NfeItemContext> {
  const index = facts.reform;
  if (!index) return {};
  checkMunicipality(req);
  const group = req.item.ibscbs;
  const isByYear = opts.isByYear ? settleIsByYear(index, req, date) : undefined;
  const isReq = isByYear === undefined ? req : { ...req, item: { ...req.item, is: isByYear ?? undefined } };
  const out: Partial<NfeItemContext> = isByYear === undefined ? {} : { isByYear };
  // The IS after the cClassTrib's checks, as the calculator orders them (an NCM the code does not apply to is
  // named before a missing IS group).
  if (!group) return { ...out, isRates: findIsRates(index, isReq, date) };
  const cMun = req.operacao.cMunFG;
  out.cbsIbsRates = cbsIbsRatesOn(index, `${date}|${cMun ?? ''}`, () => findRates(index, date, cMun));
  if (group.cClassTrib) {
    const row = findClassTrib(index, 'IBSCBS', group.cClassTrib, 'item.ibscbs.cClassTrib', date);
    if (row) {
      checkNcm(index, row.code, req.item.ncm, date);
      out.classTrib = classTribOn(index, `${row.code}|${date}`, () => toClassTrib(row, index, date));
    }
  }
  const reg = group.gTribRegular;
  if (!reg && out.classTrib?.flags?.exigeTribRegular)
    throw refused(
      'item.ibscbs.gTribRegular',
      `O cClassTrib ${group.cClassTrib} (CST ${group.cst}) exige a tributação regular: informe gTribRegular (CSTReg e cClassTribReg).`,
    );
  if (reg) {
    const row = findClassTrib(index, 'IBSCBS', reg.cClassTribReg, 'item.ibscbs.gTribRegular.cClassTribReg', date);
    if (!row)
      throw refused(
        'item.ibscbs.gTribRegular.cClassTribReg',
        `cClassTrib ${reg.cClassTribReg} não existe na tabela oficial.`,
      );
    if (row.flags?.incompativelSuspensao)
      throw refused(
        'item.ibscbs.gTribRegular.cClassTribReg',
        `O cClassTrib ${reg.cClassTribReg} é incompatível com a suspensão: gTribRegular deve trazer a tributação que a suspensão afasta.`,
      );
    out.classTribReg = classTribOn(index, `${row.code}|${date}`, () => toClassTrib(row, index, date));
  }
  out.isRates = findIsRates(index, isReq, date);
  out.monoRates = findMonoRates(index, req, date);
  return out;
}
