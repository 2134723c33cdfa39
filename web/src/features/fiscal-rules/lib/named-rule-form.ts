import {
  fiscalRuleMessages,
  NAMED_RULE_MAX_LENGTH,
  NAMED_RULE_MIN_LENGTH,
  type TFiscalRule,
  type TNamedRuleInput,
  type Uf,
} from '@app/contract';
import { parseDecimalText } from '../../../components/ui/decimal-text';
import { maskNcm, percentToInput, unmaskNcm } from '../../../components/ui/fiscal-masks';

/** The "Regras Fiscais" modal's fields as typed (masked strings; percentages as "18,00"). */
export interface NamedRuleForm {
  description: string;
  ncm: string;
  cest: string;
  codANP: string;
  cstIpiEntrada: string;
  cstIpiSaida: string;
  aliqIPI: string;
  codENQ: string;
  ex: string;
  cstPisCofinsEntrada: string;
  cstPisCofinsSaida: string;
  aliqPIS: string;
  aliqCOFINS: string;
  nri: string;
  uf: string;
  cfopEntrada: string;
  cfopSaida: string;
  CodBeneficio: string;
  CSTICMS: string;
  csosnicms: string;
  aliqICMS: string;
  redBCICMS: string;
  fcp: string;
  isencao: string;
  pDifer: string;
  simbPdv: string;
  picmsPdv: string;
  iva: string;
  aliqICMSST: string;
  redBCICMSST: string;
  antecipado: boolean;
  desonerado: boolean;
  /** IBS/CBS (decision 062): the CST follows the cClassTrib's first three digits. */
  cbsCst: string;
  cbsCClassTrib: string;
  /** CBS and IBS rates and their reductions (% of the rate); empty: the engine's reference rates. */
  aliqCBS: string;
  redCBS: string;
  ibsAliqUF: string;
  ibsAliqMun: string;
  redIBS: string;
}

export const emptyNamedRuleForm: NamedRuleForm = {
  description: '',
  ncm: '',
  cest: '',
  codANP: '',
  cstIpiEntrada: '',
  cstIpiSaida: '',
  aliqIPI: '',
  codENQ: '',
  ex: '',
  cstPisCofinsEntrada: '',
  cstPisCofinsSaida: '',
  aliqPIS: '',
  aliqCOFINS: '',
  nri: '',
  uf: '',
  cfopEntrada: '',
  cfopSaida: '',
  CodBeneficio: '',
  CSTICMS: '',
  csosnicms: '',
  aliqICMS: '',
  redBCICMS: '',
  fcp: '',
  isencao: '',
  pDifer: '',
  simbPdv: '',
  picmsPdv: '',
  iva: '',
  aliqICMSST: '',
  redBCICMSST: '',
  antecipado: false,
  desonerado: false,
  cbsCst: '',
  cbsCClassTrib: '',
  aliqCBS: '',
  redCBS: '',
  ibsAliqUF: '',
  ibsAliqMun: '',
  redIBS: '',
};

const s = (v: string | null | undefined) => v ?? '';

/** Prefills the form from an existing rule (clone or edit). A clone of a base rule starts unnamed. */
export function formFromRule(rule: TFiscalRule): NamedRuleForm {
  const f = rule.federalRule;
  const st = rule.stateRule;
  return {
    description: s(rule.description),
    ncm: maskNcm(f.ncm),
    cest: s(f.cest),
    codANP: s(f.codANP),
    cstIpiEntrada: s(f.ipi.cstEntrada),
    cstIpiSaida: s(f.ipi.cstSaida),
    aliqIPI: percentToInput(f.ipi.aliq),
    codENQ: s(f.ipi.codEnq),
    ex: s(f.ipi.ex),
    cstPisCofinsEntrada: s(f.piscofins.pisCstEntrada),
    cstPisCofinsSaida: s(f.piscofins.pisCstSaida),
    aliqPIS: percentToInput(f.piscofins.aliqPIS),
    aliqCOFINS: percentToInput(f.piscofins.aliqCOFINS),
    nri: s(f.piscofins.nri),
    uf: st.uf,
    cfopEntrada: s(st.cfopEntrada),
    cfopSaida: s(st.cfopSaida),
    CodBeneficio: s(st.codBenef),
    CSTICMS: s(st.cstICMS),
    csosnicms: s(st.cstCSOSN),
    aliqICMS: percentToInput(st.aliqICMS),
    redBCICMS: percentToInput(st.redBCICMS),
    fcp: percentToInput(st.fcp),
    isencao: percentToInput(st.isencao),
    pDifer: percentToInput(st.pDifer),
    simbPdv: s(st.simbPDV),
    picmsPdv: percentToInput(st.picmspdv),
    iva: percentToInput(st.iva),
    aliqICMSST: percentToInput(st.aliqICMSST),
    redBCICMSST: percentToInput(st.redBCICMSST),
    antecipado: st.antecipado,
    desonerado: st.desonerado,
    cbsCst: s(f.cbs.cst),
    cbsCClassTrib: s(f.cbs.cClassTrib),
    aliqCBS: percentToInput(f.cbs.aliq),
    redCBS: percentToInput(f.cbs.reducao),
    ibsAliqUF: percentToInput(st.ibs.aliqUF),
    ibsAliqMun: percentToInput(st.ibs.aliqMun),
    redIBS: percentToInput(st.ibs.reducao),
  };
}

/** Client checks of spec 02 §5 "Named rule save", in the spec's order; null when valid. */
export function validateNamedRuleForm(form: NamedRuleForm): string | null {
  const name = form.description.trim();
  if (!name) return fiscalRuleMessages.nameRequired;
  if (name.length < NAMED_RULE_MIN_LENGTH || name.length > NAMED_RULE_MAX_LENGTH) return fiscalRuleMessages.nameLength;
  if (!unmaskNcm(form.ncm)) return fiscalRuleMessages.ncmRequired;
  if (!form.uf) return 'Selecione uma UF!';
  return null;
}

/** The exact decimal typed ("18,5" → "18.5"); what does not parse goes as typed so the server refuses it. */
const pct = (v: string) => (v.trim() ? (parseDecimalText(v) ?? v.trim()) : null);
const opt = (v: string) => (v.trim() ? v.trim() : null);

/** The payload of POST /fiscal-rules: NCM without dots; one CST pair for PIS and COFINS. */
export function toNamedRulePayload(form: NamedRuleForm): TNamedRuleInput {
  return {
    description: form.description.trim(),
    ncm: unmaskNcm(form.ncm),
    cest: opt(form.cest),
    codANP: opt(form.codANP),
    cstPisEntrada: opt(form.cstPisCofinsEntrada),
    cstPisSaida: opt(form.cstPisCofinsSaida),
    cstCofinsEntrada: opt(form.cstPisCofinsEntrada),
    cstCofinsSaida: opt(form.cstPisCofinsSaida),
    cstIpiEntrada: opt(form.cstIpiEntrada),
    cstIpiSaida: opt(form.cstIpiSaida),
    aliqPIS: pct(form.aliqPIS),
    aliqCOFINS: pct(form.aliqCOFINS),
    aliqIPI: pct(form.aliqIPI),
    nri: opt(form.nri),
    codENQ: opt(form.codENQ),
    ex: opt(form.ex),
    uf: form.uf as Uf,
    cfopEntrada: opt(form.cfopEntrada),
    cfopSaida: opt(form.cfopSaida),
    CSTICMS: opt(form.CSTICMS),
    csosnicms: opt(form.csosnicms),
    aliqICMS: pct(form.aliqICMS),
    aliqICMSST: pct(form.aliqICMSST),
    redBCICMS: pct(form.redBCICMS),
    redBCICMSST: pct(form.redBCICMSST),
    picmsPdv: pct(form.picmsPdv),
    simbPdv: opt(form.simbPdv),
    iva: pct(form.iva),
    fcp: pct(form.fcp),
    CodBeneficio: opt(form.CodBeneficio),
    antecipado: form.antecipado,
    pDifer: pct(form.pDifer),
    desonerado: form.desonerado,
    isencao: pct(form.isencao),
    cbsCst: opt(form.cbsCst),
    cbsCClassTrib: opt(form.cbsCClassTrib),
    // Sent every time: an edit writes a new version from the payload alone, so a field left out is cleared.
    aliqCBS: pct(form.aliqCBS),
    redCBS: pct(form.redCBS),
    ibsAliqUF: pct(form.ibsAliqUF),
    ibsAliqMun: pct(form.ibsAliqMun),
    redIBS: pct(form.redIBS),
  };
}
