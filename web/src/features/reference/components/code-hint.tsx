import { Tooltip } from '@mantine/core';
import type { CodeKind } from '../lib/code-meanings';
import type { CodeMeanings } from './use-code-meanings';

interface Props {
  meanings: CodeMeanings;
  kind: CodeKind;
  code: string | null | undefined;
  /** The code as displayed (masked CFOP, "-" when empty). */
  shown?: string;
}

/**
 * A code in a narrow table cell: the code itself, its official meaning on hover (issue 13). The table
 * passes one `useCodeMeanings()` so the reference index is built once, not per cell.
 */
export function CodeHint({ meanings, kind, code, shown }: Props) {
  const text = shown ?? code ?? '-';
  const name = meanings.name(kind, code);
  if (!name) return <>{text}</>;
  return (
    <Tooltip label={`${text} - ${name}`} multiline maw={320} withinPortal>
      <span style={{ textDecoration: 'underline dotted', cursor: 'help' }}>{text}</span>
    </Tooltip>
  );
}
