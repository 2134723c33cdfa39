import type { NfeInput, NfeItemContext } from '@app/tax-engine';

/**
 * A quarter of an invoice's lines, from `offset` (a chunk boundary), sent to a thread (structured clone: the contexts
 * are plain data, no Decimal, their facts shared objects), with the invoice's shared chunk claims (decision 053): the
 * thread claims the chunks of those lines as `party`, from the last down to the first.
 */
export interface NfeLinesJob {
  id: number;
  operacao: NfeInput['operacao'];
  itens: NfeInput['itens'];
  contexts: NfeItemContext[];
  offset: number;
  claims: SharedArrayBuffer;
  chunkCount: number;
  party: number;
}

/**
 * The thread's answer: the chunks it computed (their printed lines and figures, in the order it computed them) and
 * the engine's refusal of a line of the chunk it stopped at, or an unexpected failure.
 */
export type NfeLinesReply =
  | {
      id: number;
      chunks: number[];
      bytes: Uint8Array[];
      figures: Float64Array[];
      refused?: { chunk: number; field: string; message: string };
    }
  | { id: number; failed: string };
