/**
 * What each CST ICMS (regime normal) / CSOSN (Simples Nacional) fills in the NF-e item
 * (MOC 7.0, grupos ICMS00…ICMS90 and ICMSSN101…ICMSSN900; CST 02/15/53/61 from NT 2023.001).
 */
export interface IcmsSituation {
  /** Own ICMS is charged and shown (vBC, vICMS). */
  ownTax: boolean;
  /** The own base may be reduced (pRedBC). */
  reducible: boolean;
  /** ICMS-ST is retained (always for 10/30/70 and 201/202/203; 90/900 only when ST rates are given). */
  st: 'always' | 'optional' | 'never';
  /** vICMSDeson may be filled (with motDesICMS). */
  relief: boolean;
  /** vICMSDif is filled (CST 51). */
  deferral: boolean;
  /** The operation carries no ICMS of its own at all (exempt, not taxed, ST paid before). */
  exempt: boolean;
  /** ST charged before: vBCSTRet, pST, vICMSSubstituto, vICMSSTRet and the effective group (CST 60, CSOSN 500). */
  retained: boolean;
  /** Simples Nacional credit (pCredSN → vCredICMSSN): CSOSN 101, 201, 900. */
  simplesCredit: boolean;
  /** Monophasic fuel ICMS (LC 192/2022): own (02), own + retention (15), deferred (53), charged before (61). */
  mono?: 'own' | 'own-retention' | 'deferred' | 'charged-before';
}

const none: IcmsSituation = {
  ownTax: false,
  reducible: false,
  st: 'never',
  relief: false,
  deferral: false,
  exempt: true,
  retained: false,
  simplesCredit: false,
};

const byCst: Record<string, IcmsSituation> = {
  '00': { ...none, ownTax: true, exempt: false },
  '02': { ...none, mono: 'own', exempt: false },
  '10': { ...none, ownTax: true, st: 'always', exempt: false },
  '15': { ...none, mono: 'own-retention', exempt: false },
  '20': { ...none, ownTax: true, reducible: true, relief: true, exempt: false },
  '30': { ...none, st: 'always', relief: true, reducible: true },
  '40': { ...none, relief: true },
  '41': { ...none, relief: true },
  '50': { ...none, relief: true },
  '51': { ...none, ownTax: true, reducible: true, deferral: true, exempt: false },
  '53': { ...none, mono: 'deferred', exempt: false },
  '60': { ...none, retained: true },
  '61': { ...none, mono: 'charged-before' },
  '70': { ...none, ownTax: true, reducible: true, st: 'always', relief: true, exempt: false },
  '90': { ...none, ownTax: true, reducible: true, st: 'optional', relief: true, exempt: false },
};

const byCsosn: Record<string, IcmsSituation> = {
  '101': { ...none, exempt: false, simplesCredit: true },
  '102': { ...none, exempt: false },
  '103': none,
  '201': { ...none, st: 'always', exempt: false, simplesCredit: true },
  '202': { ...none, st: 'always', exempt: false },
  '203': { ...none, st: 'always' },
  '300': none,
  '400': none,
  '500': { ...none, retained: true },
  '900': { ...none, ownTax: true, reducible: true, st: 'optional', exempt: false, simplesCredit: true },
};

// Sorted: "10" and "20" are integer-like keys, which JavaScript lists before "00".
export const icmsCsts = Object.keys(byCst).sort();
export const icmsCsosns = Object.keys(byCsosn);

/**
 * motDesICMS allowed per CST (MOC 7.0, campos N28 of ICMS20/30/40/70/90): 40, 41 and 50 share the
 * ICMS40 group's list.
 */
export const reliefReasonsByCst: Record<string, readonly string[]> = {
  '20': ['3', '9', '12'],
  '30': ['6', '7', '9'],
  '40': ['1', '3', '4', '5', '6', '7', '8', '9', '10', '11', '16', '90'],
  '41': ['1', '3', '4', '5', '6', '7', '8', '9', '10', '11', '16', '90'],
  '50': ['1', '3', '4', '5', '6', '7', '8', '9', '10', '11', '16', '90'],
  '70': ['3', '9', '12'],
  '90': ['3', '9', '12'],
};

/** The situation of a CST (2 digits, or 3 with the origin digit) or CSOSN; undefined when unknown. */
export function findIcmsSituation(cst?: string, csosn?: string): IcmsSituation | undefined {
  if (csosn) return byCsosn[csosn];
  if (cst) return byCst[cst.slice(-2)];
  return undefined;
}
