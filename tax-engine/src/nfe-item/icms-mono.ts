import type { Decimal } from 'decimal.js';
import { percentOf, round2, toDecimal, ZERO } from '../decimal.js';
import { icmsLegal } from './icms-legal.js';
import type { IcmsSituation } from './icms-situation.js';
import type { Memoria } from './memoria.js';
import type { NfeItemInput } from './types.js';

export interface MonoResult {
  vICMSMono: Decimal;
  vICMSMonoReten: Decimal;
  vICMSMonoOp: Decimal;
  vICMSMonoDif: Decimal;
  vICMSMonoRet: Decimal;
}

const times = (q: unknown, rate: unknown) => round2(toDecimal(q as string).times(toDecimal(rate as string)));

/**
 * Monophasic fuel ICMS (LC 192/2022): an ad rem amount per litre/kg, not a percentage of a price.
 * CST 02 own; 15 own + retention for the next stage; 53 own with the biofuel part deferred (pDif);
 * 61 charged before (the amount is shown, not owed again). NT 2023.001, grupos ICMS02/15/53/61.
 */
export function calculateIcmsMono(input: NfeItemInput, situation: IcmsSituation, m: Memoria): MonoResult {
  const icms = input.item.icms;
  const zero = ZERO;
  const r: MonoResult = {
    vICMSMono: zero,
    vICMSMonoReten: zero,
    vICMSMonoOp: zero,
    vICMSMonoDif: zero,
    vICMSMonoRet: zero,
  };
  const own = times(icms.qBCMono, icms.adRemICMS);
  if (situation.mono === 'own' || situation.mono === 'own-retention') {
    r.vICMSMono = own;
    m.add({
      campo: 'vICMSMono',
      descricao: `ICMS monofásico próprio (CST ${icms.cst})`,
      formula: 'qBCMono × adRemICMS',
      valores: { qBCMono: icms.qBCMono, adRemICMS: icms.adRemICMS },
      resultado: own,
      baseLegal: icmsLegal.mono,
    });
  }
  if (situation.mono === 'own-retention') {
    r.vICMSMonoReten = times(icms.qBCMonoReten, icms.adRemICMSReten);
    m.add({
      campo: 'vICMSMonoReten',
      descricao: 'ICMS monofásico sujeito a retenção (operação seguinte)',
      formula: 'qBCMonoReten × adRemICMSReten',
      valores: { qBCMonoReten: icms.qBCMonoReten, adRemICMSReten: icms.adRemICMSReten },
      resultado: r.vICMSMonoReten,
      baseLegal: icmsLegal.monoRetention,
    });
  }
  if (situation.mono === 'deferred') {
    r.vICMSMonoOp = own;
    r.vICMSMonoDif = percentOf(own, icms.pDif);
    r.vICMSMono = own.minus(r.vICMSMonoDif);
    m.add({
      campo: 'vICMSMono',
      descricao: 'ICMS monofásico com recolhimento diferido (CST 53)',
      formula:
        'vICMSMonoOp = qBCMono × adRemICMS; vICMSMonoDif = vICMSMonoOp × pDif; vICMSMono = vICMSMonoOp − vICMSMonoDif',
      valores: {
        qBCMono: icms.qBCMono,
        adRemICMS: icms.adRemICMS,
        vICMSMonoOp: own,
        pDif: icms.pDif,
        vICMSMonoDif: r.vICMSMonoDif,
      },
      resultado: r.vICMSMono,
      baseLegal: icmsLegal.monoDeferred,
    });
  }
  if (situation.mono === 'charged-before') {
    r.vICMSMonoRet = times(icms.qBCMonoRet, icms.adRemICMSRet);
    m.add({
      campo: 'vICMSMonoRet',
      descricao: 'ICMS monofásico cobrado anteriormente (CST 61)',
      formula: 'qBCMonoRet × adRemICMSRet',
      valores: { qBCMonoRet: icms.qBCMonoRet, adRemICMSRet: icms.adRemICMSRet },
      resultado: r.vICMSMonoRet,
      baseLegal: icmsLegal.monoChargedBefore,
    });
  }
  return r;
}
