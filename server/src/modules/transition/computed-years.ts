import { ZTaxCalculateRequest } from '@app/contract';
import { transitionYears } from '@app/tax-engine';

/**
 * The transition years the engine computes today: those whose date the /tax/calculate request accepts.
 * Until the dated 2029–2033 rates land (issue 25 §2) this is 2026–2028 and a simulation reaching 2029 is
 * refused naming the year. Tests, the demo seed and the bench run these years, so they widen by themselves.
 */
export function findComputedYears(): number[] {
  return transitionYears.filter(
    (ano) =>
      ZTaxCalculateRequest.safeParse({
        operacao: { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true, data: `${ano}-07-01` },
        item: { vProd: 1, icms: { cst: '00', pICMS: 0 } },
      }).success,
  );
}
