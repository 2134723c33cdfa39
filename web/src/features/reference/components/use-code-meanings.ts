import { type CSSProperties, createElement, useMemo } from 'react';
import { useCbenefs } from '../api/get-cbenefs';
import { useCclasstribs } from '../api/get-cclasstribs';
import { useCfops } from '../api/get-cfops';
import { useCsts } from '../api/get-csts';
import { useIpiEnquadramentos } from '../api/get-ipi-enquadramentos';
import { buildCodeMeaningIndex, type CodeKind, describeCode, findCodeMeaning } from '../lib/code-meanings';

const clampTwoLines: CSSProperties = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
};

/**
 * The reference tables that name option codes (cached for the session: they change only with a new
 * reference load). Until they arrive codes show bare, then with their meaning.
 */
/**
 * `uf`: also name that UF's cBenef codes (loaded per UF). `enabled`: false while the dialog that uses the
 * meanings is closed — dialogs mounted on every page (operations) must not fetch four reference tables
 * on each first load, beside the page's own data.
 */
export function useCodeMeanings(uf?: string | null, enabled = true) {
  const csts = useCsts(undefined, enabled);
  const cfops = useCfops({}, enabled);
  const enquadramentos = useIpiEnquadramentos(enabled);
  const cclasstribs = useCclasstribs(undefined, enabled);
  const cbenefs = useCbenefs(enabled ? uf : null);
  const index = useMemo(
    () =>
      buildCodeMeaningIndex({
        csts: csts.data,
        cfops: cfops.data,
        enquadramentos: enquadramentos.data,
        cclasstribs: cclasstribs.data,
        cbenefs: cbenefs.data,
      }),
    [csts.data, cfops.data, enquadramentos.data, cclasstribs.data, cbenefs.data],
  );
  return useMemo(
    () => ({
      /**
       * "code - meaning" (or the code alone) for a details card; `shown` is the code as displayed (a
       * masked CFOP). Long official names (CFOPs run to 200 characters) are clamped to two lines, the
       * whole text on hover.
       */
      describe: (kind: CodeKind, code: string | null | undefined, shown?: string) => {
        const text = describeCode(index, kind, code, shown ?? code ?? '');
        return text ? createElement('span', { title: text, style: clampTwoLines }, text) : '';
      },
      /** The official name alone (a table cell's tooltip), or null. */
      name: (kind: CodeKind, code: string | null | undefined) => findCodeMeaning(index, kind, code),
    }),
    [index],
  );
}

export type CodeMeanings = ReturnType<typeof useCodeMeanings>;
