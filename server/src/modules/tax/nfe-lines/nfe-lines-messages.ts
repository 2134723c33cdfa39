import type { NfeInput, NfeItemContext } from '@app/tax-engine';

/** Lines `offset`… of an invoice sent to a thread (structured clone: the contexts are plain data, no Decimal). */
export interface NfeLinesJob {
  id: number;
  operacao: NfeInput['operacao'];
  itens: NfeInput['itens'];
  contexts: NfeItemContext[];
  offset: number;
}

/** The thread's answer: the printed lines, the engine's refusal of one of them, or an unexpected failure. */
export type NfeLinesReply =
  | { id: number; bytes: Uint8Array; figures: Float64Array }
  | { id: number; refused: { field: string; message: string } }
  | { id: number; failed: string };
