/**
 * One valid IE per UF: the worked example of the state's SINTEGRA "Roteiro de crítica da inscrição estadual" (MS: its
 * formula applied, the page gives no number). For sample documents and fixtures that must pass C17-20 and E17-50.
 */
const EXAMPLES: Record<string, string> = {
  AC: '0100482300112',
  AL: '240000048',
  AP: '030123459',
  AM: '999999990',
  BA: '123456748',
  CE: '060000015',
  DF: '0730000100109',
  ES: '999999990',
  GO: '109876547',
  MA: '120000385',
  MT: '00130000019',
  MS: '283115947',
  MG: '0623079040081',
  PA: '159999995',
  PB: '060000015',
  PR: '1234567850',
  PE: '032141840',
  PI: '193016567',
  RJ: '99999993',
  RN: '200400401',
  RS: '2243658792',
  RO: '00000000625213',
  RR: '240066281',
  SC: '251040852',
  SP: '110042490114',
  SE: '271234563',
  TO: '290227836',
};

/** The SINTEGRA example IE of the UF (SP's when the UF is unknown). */
export const ieExample = (uf: string): string => EXAMPLES[uf] ?? EXAMPLES.SP!;
