import type { NfeInput } from '@app/tax-engine';

/**
 * A part of an invoice's items, from `offset` (a chunk boundary), sent to a thread as the body has them (not yet
 * checked: the thread checks the lines of the chunks it claims), with the invoice's shared chunk claims
 * (decision 053): the thread claims the chunks of those lines as `party`, from the last down to the first. The facts
 * snapshot `factsId` is the one the lines are checked and computed with; its text comes with the first job that
 * needs it (the thread keeps the last one it indexed).
 */
export interface NfeLinesJob {
  id: number;
  operacao: NfeInput['operacao'];
  items: unknown[];
  offset: number;
  date: string;
  factsId: number;
  /** The snapshot's text (tax-facts-cache.ts), when the thread does not have `factsId` yet. */
  factsText?: string;
  claims: SharedArrayBuffer;
  chunkCount: number;
  party: number;
}

/**
 * The thread's answer: the chunks it computed (their printed lines and figures, in the order it computed them) and
 * whether it met a refused line, or an unexpected failure.
 */
export type NfeLinesReply =
  | { id: number; chunks: number[]; bytes: Uint8Array[]; figures: Float64Array[]; refused: boolean }
  | { id: number; failed: string };
