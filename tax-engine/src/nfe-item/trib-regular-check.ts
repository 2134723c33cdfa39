import { TaxInputError } from '../input-checks.js';
import type { ClassTribFacts, NfeItemIbsCbs } from './types.js';

/**
 * gTribRegular only where the cClassTrib admits it: the official cClassTrib table's ind_gTribRegular (in Receita's
 * calculator data, the tax treatment's TRTR_IN_EXIGE_GRUPO_DESONERACAO; 1 for 550xxx, 200022, 200024). With 0 the
 * group is refused — NT 2025.002, rule UB68-11, rejection 1114 ("Classificação Tributária do IBS e da CBS informada
 * não permite informação da tributação regular"), and the calculator's TributacaoRegularInformadaIndevidamente
 * ("Grupo de tributação regular informado indevidamente", its test Teste_validacao_14). Without the table's row
 * (no classTrib facts) the engine cannot tell and computes the group.
 */
export function refuseUnadmittedTribRegular(group: NfeItemIbsCbs, ct: ClassTribFacts | undefined) {
  const flags = ct?.flags;
  if (!group.gTribRegular || !flags || !('exigeTribRegular' in flags) || flags.exigeTribRegular) return;
  throw new TaxInputError(
    'item.ibscbs.gTribRegular',
    `gTribRegular: o cClassTrib ${ct?.code} (CST ${group.cst}) não admite a tributação regular (NT 2025.002, regra UB68-11, rejeição 1114); retire o grupo gTribRegular.`,
  );
}
