import type { TOperation, TTaxTransitionRequest, Uf } from '@app/contract';
import { findSimplesDas, type StAgreementRow, type TransitionCompany } from '@app/tax-engine';
import type { RuleVersionView } from '../fiscal-rules/fiscal-rules.repository.js';
import { buildOperation } from '../operations/build-operation.js';
import { checkRuleFacts } from '../operations/operation-rule.js';

export type SimulationBuyer = 'contribuinte' | 'consumidor_final';
type SimulationItem = Omit<TTaxTransitionRequest, 'anoInicial' | 'anoFinal' | 'diaMes'>;

/** NF-e CRT of the company's regime (1 Simples, 2 Simples above the sub-limit, 3 normal). */
const crtOf: Record<string, number> = { SimplesNacional: 1, SNComExcessoSublimiteDeReceitaBruta: 2, RegimeNormal: 3 };

/** Only the figures the rule has: an absent rate stays absent, so the engine reports it rather than assuming 0. */
const rate = (v: number | null | undefined) => (v === null || v === undefined ? undefined : v);

/** The NF-e item of a sale described by an operation of the operations query (same rule → same item). */
export function toTransitionItem(
  op: TOperation,
  opts: { vProd: string; buyer: SimulationBuyer; crt: number; pCredSN?: number },
): SimulationItem {
  const { icms } = op;
  const internal = op.ufOrigem === op.ufDestino;
  const difal = icms.difal.tipo !== 0;
  const st = icms.substituicaoTributaria;
  // ST retained before this sale (CST 60 / CSOSN 500): the rule's ST figures give the ICMS the goods carry,
  // the effective group of NT 2016.002 (the sale's value at the ST rate and base reduction).
  const retained = icms.cst === '60' || icms.csosn === '500';
  return {
    operacao: {
      ufOrigem: op.ufOrigem as Uf,
      ufDestino: op.ufDestino as Uf,
      consumidorFinal: opts.buyer === 'consumidor_final',
      contribuinte: opts.buyer === 'contribuinte',
      crt: opts.crt,
      ...(difal ? { difal: icms.difal.tipo === 2 ? ('dupla' as const) : ('simples' as const) } : {}),
    },
    item: {
      vProd: opts.vProd,
      ncm: op.federal.ncm,
      ...(op.federal.cest ? { cest: op.federal.cest } : {}),
      icms: {
        ...(icms.csosn ? { csosn: icms.csosn } : { cst: (icms.cst ?? '').slice(-2) }),
        pICMS: rate(icms.aliqICMSOperacao),
        pRedBC: rate(icms.redBCICMS ?? icms.redBCICMSInterestadual),
        // The operation already adjusted the MVA for an interstate sale (formula of the product's agreement; Conv. ICMS 142/2018, cl. 11, points to it).
        ...(st
          ? {
              pMVAST: rate(icms.ivaAjustado ?? icms.iva),
              pICMSST: rate(icms.aliqICMSST),
              pRedBCST: rate(icms.redBCICMSST),
              pFCPST: rate(icms.fcpST),
            }
          : {}),
        // Own FCP is due where the ICMS is: inside the state; a consumer in another state pays it through the DIFAL.
        ...(internal && icms.fcp ? { pFCP: icms.fcp } : {}),
        ...(difal ? { pICMSUFDest: rate(icms.difal.aliqInterna), pFCPUFDest: rate(icms.difal.fcp) ?? 0 } : {}),
        ...(retained
          ? { pICMSEfet: rate(icms.aliqICMSST) ?? rate(icms.aliqICMSInterna), pRedBCEfet: rate(icms.redBCICMSST) }
          : {}),
        // The buyer's ICMS credit a Simples seller states: its DAS rate of ICMS (LC 123/2006, art. 23, §1º).
        ...(['101', '201', '900'].includes(icms.csosn ?? '') && opts.pCredSN !== undefined
          ? { pCredSN: opts.pCredSN }
          : {}),
        pDif: rate(icms.pDifer),
        ...(icms.codBenef ? { cBenef: icms.codBenef } : {}),
      },
      ...(op.ipi.cst ? { ipi: { cst: op.ipi.cst, pIPI: rate(op.ipi.aliq) } } : {}),
      ...(op.piscofins.cstPIS ? { pis: { cst: op.piscofins.cstPIS, pPIS: rate(op.piscofins.aliqPIS) } } : {}),
      ...(op.piscofins.cstCOFINS
        ? { cofins: { cst: op.piscofins.cstCOFINS, pCOFINS: rate(op.piscofins.aliqCOFINS) } }
        : {}),
      ...(op.cbsIbs.cst
        ? { ibscbs: { cst: op.cbsIbs.cst, ...(op.cbsIbs.cClassTrib ? { cClassTrib: op.cbsIbs.cClassTrib } : {}) } }
        : {}),
    },
  } as SimulationItem;
}

/**
 * The item a product classified by `view` gives for a sale from the company's UF to `ufDestino`: the operations
 * query's builder (the sibling rule of the destination UF, the buyer's profile), then its NF-e item. The rule's
 * stored codes and rates go through the same input checks as the operations query (TaxInputError on a bad one).
 * Between states the run's ICMS-ST agreements decide as in the operations query (decision 065): `com-acordo` puts
 * the sale under ST when the destination's rule has it, `sem-acordo` takes it out, no row leaves the rule's own
 * protocol/agreement fields to decide.
 */
export function buildSimulationItem(input: {
  view: RuleVersionView;
  sibling: RuleVersionView | undefined;
  companyUf: Uf;
  companyCrt: string;
  ufDestino: Uf;
  buyer: SimulationBuyer;
  vProd: string;
  empresa?: TransitionCompany;
  /** The run's agreements with the company's UF as origin (read once per run); absent: no data. */
  stAgreements?: readonly StAgreementRow[];
  /** The day the agreements are read for (ISO); absent: today (UTC). */
  stDate?: string;
}): SimulationItem {
  const { view, sibling } = input;
  for (const rule of [view, sibling]) if (rule) checkRuleFacts(rule.version);
  const crt = crtOf[input.companyCrt] ?? 3;
  const op = buildOperation({
    productRule: view.version,
    originRule: view.version,
    destinationRule: sibling?.version ?? null,
    descriptions: { ncm: null, cbsCst: null, cClassTrib: null },
    companyUf: input.companyUf,
    query: {
      uf: input.ufDestino,
      cfop: 'venda',
      // Varejista buying to resell, or a person outside the ICMS chain (the operations query's profiles).
      caracTrib: [input.buyer === 'contribuinte' ? 3 : 8],
      finality: 0,
      simplesN: crt === 1 || crt === 2 ? 'S' : 'N',
      // Interstate, the protocol/agreement makes the sender the substitute (it retains the ST on the invoice);
      // inside the state the company is taken as a reseller that bought with the ST already retained.
      substICMS: input.ufDestino === input.companyUf ? 'N' : 'S',
    },
    stAgreements: input.stAgreements,
    ...(input.stDate ? { date: input.stDate } : {}),
  });
  return toTransitionItem(op, {
    vProd: input.vProd,
    buyer: input.buyer,
    crt,
    pCredSN: simplesCreditRate(input.empresa),
  });
}

/** A Simples seller's ICMS credit rate: the effective DAS rate × the ICMS share of its bracket, 4 places. */
export function simplesCreditRate(empresa: TransitionCompany | undefined): number | undefined {
  if (empresa?.rbt12 === undefined) return undefined;
  const das = findSimplesDas(empresa.rbt12);
  return das.aliquotaEfetiva.times(das.reparticao.icms).div(100).toDecimalPlaces(4).toNumber();
}
