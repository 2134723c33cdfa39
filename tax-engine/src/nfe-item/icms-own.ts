import type { Decimal } from 'decimal.js';
import { isAboveZero, percentOf, reduceBase, round2, toDecimal } from '../decimal.js';
import { deferralLegal, icmsLegal } from './icms-legal.js';
import type { IcmsSituation } from './icms-situation.js';
import type { Memoria } from './memoria.js';
import type { NfeItemInput } from './types.js';

/**
 * The own ICMS base before any reduction, by modBC (MOC 7.0, N13): 1 pauta (vPauta × qTrib), 2 preço
 * tabelado (vPMC × qTrib); 0 and 3 the operation value (the layout has no margin field for the own
 * ICMS), with the IPI when the buyer is a final consumer (LC 87/1996, art. 13, §2º).
 */
export function grossOwnBase(input: NfeItemInput, subtotal: Decimal, vIPI: Decimal) {
  const { icms, qTrib } = input.item;
  if (icms.modBC === 1)
    return { base: round2(toDecimal(icms.vPauta).times(toDecimal(qTrib))), kind: 'pauta' as const, ipiInBase: false };
  if (icms.modBC === 2)
    return { base: round2(toDecimal(icms.vPMC).times(toDecimal(qTrib))), kind: 'tabelado' as const, ipiInBase: false };
  const ipiInBase = input.operacao.consumidorFinal && isAboveZero(vIPI);
  return { base: ipiInBase ? subtotal.plus(vIPI) : subtotal, kind: 'operacao' as const, ipiInBase };
}

/** vBC and vICMS (or vICMSOp/vICMSDif/vICMS for CST 51) and vFCP of the issuer's own operation. */
export function calculateOwnIcms(
  input: NfeItemInput,
  situation: IcmsSituation,
  code: string,
  subtotal: Decimal,
  vIPI: Decimal,
  m: Memoria,
) {
  const { icms } = input.item;
  const gross = grossOwnBase(input, subtotal, vIPI);
  const reduction = situation.reducible ? icms.pRedBC : 0;
  const vBC = reduceBase(gross.base, reduction);
  const reduced = isAboveZero(toDecimal(reduction));
  m.add({
    campo: 'vBC',
    descricao: `Base de cálculo do ICMS (${code})`,
    formula:
      gross.kind === 'pauta'
        ? 'vPauta × qTrib × (1 − pRedBC)'
        : gross.kind === 'tabelado'
          ? 'vPMC × qTrib × (1 − pRedBC)'
          : gross.ipiInBase
            ? '(valor da operação + IPI) × (1 − pRedBC)'
            : 'valor da operação × (1 − pRedBC)',
    valores:
      gross.kind === 'operacao'
        ? { valorOperacao: subtotal, vIPI: gross.ipiInBase ? vIPI : 0, pRedBC: reduction }
        : {
            [gross.kind === 'pauta' ? 'vPauta' : 'vPMC']: gross.kind === 'pauta' ? icms.vPauta : icms.vPMC,
            qTrib: input.item.qTrib,
            pRedBC: reduction,
          },
    resultado: vBC,
    baseLegal:
      gross.kind === 'pauta'
        ? icmsLegal.ownBasePauta
        : gross.kind === 'tabelado'
          ? icmsLegal.ownBaseTabelado
          : reduced
            ? icmsLegal.ownBaseReduced
            : gross.ipiInBase
              ? icmsLegal.ownBaseIpi
              : icmsLegal.ownBase,
  });
  const vICMSOp = percentOf(vBC, icms.pICMS);
  let vICMS = vICMSOp;
  let vICMSDif = toDecimal(0);
  if (situation.deferral) {
    vICMSDif = percentOf(vICMSOp, icms.pDif);
    vICMS = vICMSOp.minus(vICMSDif);
    m.add({
      campo: 'vICMSDif',
      descricao: 'ICMS diferido',
      formula: 'vICMSOp = vBC × pICMS; vICMSDif = vICMSOp × pDif',
      valores: { vBC, pICMS: icms.pICMS, vICMSOp, pDif: icms.pDif },
      resultado: vICMSDif,
      baseLegal: deferralCitation(input),
    });
  }
  m.add({
    campo: 'vICMS',
    descricao: situation.deferral ? 'ICMS devido na operação (a parte não diferida)' : 'ICMS próprio',
    formula: situation.deferral ? 'vICMSOp − vICMSDif' : 'vBC × pICMS',
    valores: situation.deferral ? { vICMSOp, vICMSDif } : { vBC, pICMS: icms.pICMS },
    resultado: vICMS,
    baseLegal: situation.deferral ? deferralCitation(input) : icmsLegal.ownTax,
  });
  let vFCP = toDecimal(0);
  if (isAboveZero(toDecimal(icms.pFCP))) {
    vFCP = percentOf(vBC, icms.pFCP);
    m.add({
      campo: 'vFCP',
      descricao: 'Fundo de Combate à Pobreza da operação própria',
      formula: 'vBC × pFCP',
      valores: { vBC, pFCP: icms.pFCP },
      resultado: vFCP,
      baseLegal: icmsLegal.fcp,
    });
  }
  return { vBC, vICMS, vICMSOp: situation.deferral ? vICMSOp : toDecimal(0), vICMSDif, vFCP };
}

const deferralCitation = (input: NfeItemInput) => deferralLegal(input.operacao.ufOrigem);
