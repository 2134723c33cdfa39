/**
 * An item's reference facts checked against the official tables and made into the engine's context: pure (the
 * facts come from a reader of a snapshot already read), so that the threads of whole invoices build their lines'
 * contexts the same way as the request's thread (decision 053).
 */
import type { TTaxCalculateRequest, Uf } from '@app/contract';
import type { NfeItemContext, UfRuleFacts } from '@app/tax-engine';
import { AppError } from '../../lib/app-error.js';
import { buildReformContext } from './reform-facts.js';
import { sharedFacts } from './shared-facts.js';
import type { CalculationFacts, ClassTribRow, UfRuleRow } from './tax.repository.js';
import type { FactsReader } from './tax-facts-index.js';

/** A 400 naming one field. */
export const refusedField = (field: string, message: string) =>
  new AppError('VALIDATION', message, [{ field, message }]);

/**
 * The day from which ref_uf_rates (icms-uf.csv, "state laws in force in 2025") holds for every state: the last
 * change it carries is PI's 22.5 % from 01/04/2025. Before it the table's rates are not the day's facts, so an
 * item of an earlier date must carry pICMSUFDest/pFCPUFDest itself (the engine names the missing one).
 */
export const ufRatesValidFrom = '2025-04-01';

function toUfRule(row: UfRuleRow, date: string): UfRuleFacts {
  const ratesKnown = date >= ufRatesValidFrom;
  return {
    uf: row.uf as Uf,
    internalRate: ratesKnown ? row.internalRate : null,
    fcpRate: ratesKnown ? row.fcpRate : null,
    // No rule in force on the date: the engine refuses a DIFAL that needs one (operacao.difal may say it).
    difalMethod: row.difalMethod,
    difalFcpInGrossUp: row.difalFcpInGrossUp ?? false,
    reliefFormula: row.reliefFormula ?? 'simples',
    cbenefRequired: row.cbenefRequired ?? false,
    source: row.source ?? `Alíquota interna e FCP de ${row.uf} (tabela de alíquotas por UF)`,
    validFrom: row.validFrom ?? '',
    validTo: row.validTo,
  };
}

/** A state's rule on a date, shared by every item that reads it (shared-facts.ts). */
const ufRuleOn = sharedFacts<UfRuleRow, UfRuleFacts>();

const toClassTribFacts = (ct: ClassTribRow) => ({
  code: ct.code,
  cst: ct.cst,
  pRedCBS: ct.pRedCbs,
  pRedIBS: ct.pRedIbs,
  legalBasis: ct.legalBasis,
});
/** A cClassTrib of the tables, shared likewise. */
const classTribOf = sharedFacts<ClassTribRow, ReturnType<typeof toClassTribFacts>>();

const inForce = (date: string, from: string, to: string | null) => from <= date && (to === null || to >= date);

/** Refuses, with a message per field, what the official tables say SEFAZ would reject. */
function checkAgainstTables(req: TTaxCalculateRequest, facts: CalculationFacts, date: string): void {
  const group = req.item.ibscbs;
  if (group?.cClassTrib) {
    const ct = facts.classTrib;
    if (!ct)
      throw refusedField('item.ibscbs.cClassTrib', `cClassTrib ${group.cClassTrib} não existe na tabela oficial.`);
    if (!inForce(date, ct.startDate, ct.endDate))
      throw refusedField(
        'item.ibscbs.cClassTrib',
        `cClassTrib ${ct.code} não está em vigor em ${date.split('-').reverse().join('/')}.`,
      );
  }
  const { cBenef, cst } = req.item.icms;
  // A UF whose official table is not loaded cannot be checked: the code goes through unverified.
  if (cBenef && cBenef !== 'SEM CBENEF' && facts.cbenefTableLoaded) {
    const b = facts.cbenef;
    if (!b || b.uf !== req.operacao.ufOrigem)
      throw refusedField('item.icms.cBenef', `cBenef ${cBenef} não existe na tabela da UF ${req.operacao.ufOrigem}.`);
    if (!inForce(date, b.validFrom, b.validTo))
      throw refusedField(
        'item.icms.cBenef',
        `cBenef ${cBenef} não está em vigor em ${date.split('-').reverse().join('/')}.`,
      );
    if (cst && !b.csts.includes(cst.slice(-2)))
      throw refusedField(
        'item.icms.cBenef',
        // Codes the table lists with no CST (RJ's suspensions, SC's presumed credits) fit no NF-e item.
        b.csts.length > 0
          ? `cBenef ${cBenef} não pode ser usado com o CST ${cst} (CSTs permitidos: ${b.csts.join(', ')}).`
          : `cBenef ${cBenef} não pode ser usado com o CST ${cst} (a tabela da UF não o permite com nenhum CST).`,
      );
  }
}

/** First day the NCM table (reference-data/ncm-siscomex.json) describes. */
export const ncmTableStart = '2022-04-01';
const brDate = (iso: string) => iso.split('-').reverse().join('/');

/** The NCM must be in force on the date (ref_ncm validity) and the CEST must exist and cover the NCM (Conv. ICMS 142/2018). */
function checkNcmAndCest(req: TTaxCalculateRequest, facts: CalculationFacts, date: string): void {
  const { ncm, cest } = req.item;
  // The Siscomex table starts every code on 01/04/2022 (NCM 2022, Res. Gecex 272/2021): the nomenclature of an
  // earlier day is not in it, so an NCM of an earlier invoice cannot be checked and goes through unverified.
  if (ncm && date >= ncmTableStart) {
    const row = facts.ncm;
    if (!row) throw refusedField('item.ncm', `ncm ${ncm} não existe na tabela NCM (Siscomex).`);
    if (!inForce(date, row.startDate, row.endDate))
      throw refusedField(
        'item.ncm',
        row.startDate > date
          ? `ncm ${ncm} só entrou em vigor em ${brDate(row.startDate)}: não vale em ${brDate(date)}.`
          : `ncm ${ncm} deixou de vigorar em ${brDate(row.endDate!)}: não vale em ${brDate(date)}.`,
      );
  }
  if (cest) {
    const row = facts.cest;
    if (!row) throw refusedField('item.cest', `cest ${cest} não existe na tabela CEST (Convênio ICMS 142/2018).`);
    // A CEST listed without NCM (door-to-door sales, "outros") restricts none.
    if (ncm && row.ncmPrefixes.length > 0 && !row.ncmPrefixes.some((p) => ncm.startsWith(p)))
      throw refusedField(
        'item.cest',
        `cest ${cest} não corresponde ao ncm ${ncm} (Convênio ICMS 142/2018: NCM ${row.ncmPrefixes.join(', ')}).`,
      );
  }
}

/** buildCalculationContext on a facts snapshot already read (a whole invoice reads it once for all its items). */
export function buildContextFrom(
  readFacts: FactsReader,
  req: TTaxCalculateRequest,
  date: string,
  opts: { isByYear?: boolean } = {},
): NfeItemContext {
  const op = req.operacao;
  const facts = readFacts({
    ufs: [op.ufOrigem, op.ufDestino],
    date,
    cClassTrib: req.item.ibscbs?.cClassTrib ?? null,
    cBenef: req.item.icms.cBenef ?? null,
    ncm: req.item.ncm ?? null,
    cest: req.item.cest ?? null,
  });
  checkAgainstTables(req, facts, date);
  checkNcmAndCest(req, facts, date);
  const rule = (uf: string) => {
    const row = facts.rules.find((r) => r.uf === uf);
    return row ? ufRuleOn(row, date, () => toUfRule(row, date)) : undefined;
  };
  const ct = facts.classTrib;
  return {
    origin: rule(op.ufOrigem),
    destination: rule(op.ufDestino),
    classTrib: ct ? classTribOf(ct, '', () => toClassTribFacts(ct)) : undefined,
    // The reform's dated facts (decision 038); its cClassTrib row, from the official calculator, wins.
    ...buildReformContext(req, facts, date, opts),
  };
}
