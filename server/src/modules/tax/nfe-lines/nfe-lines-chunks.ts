import { TaxInputError } from '@app/tax-engine';
import type { PrintedNfeLines } from '../tax-answer-print.js';
import { printNfeLines } from '../tax-answer-print.js';
import type { NfeLinesJob } from './nfe-lines-messages.js';

/** Lines per chunk: small enough that whoever finishes last waits at most ≈ 1 ms for the other (decision 053). */
export const CHUNK_LINES = 16;

/** The request's thread claims chunks as party 1; the pool's threads as 2, 3… */
export const REQUEST_PARTY = 1;

/**
 * Who computes which chunk of an invoice's lines, shared by the request's thread and the pool's threads
 * (decision 053) in a SharedArrayBuffer: one Int32 per chunk, 0 while free, then the party that claimed it
 * (compare-and-swap, so a chunk has exactly one owner), and after them the first refused chunk (`limit`):
 * chunks from there on are no longer claimed, since the answer is then the refusal of an earlier line.
 */
export class ChunkClaims {
  readonly states: Int32Array;

  constructor(
    buffer: SharedArrayBuffer,
    readonly count: number,
  ) {
    this.states = new Int32Array(buffer);
  }

  static create(chunkCount: number): ChunkClaims {
    const claims = new ChunkClaims(new SharedArrayBuffer(4 * (chunkCount + 1)), chunkCount);
    Atomics.store(claims.states, chunkCount, chunkCount);
    return claims;
  }

  private get limit(): number {
    return Atomics.load(this.states, this.count);
  }

  /** The first free chunk from the front (the request's thread), claimed for `party`; -1 when none is left. */
  claimFromFront(party: number): number {
    for (let c = 0; c < this.limit; c++) if (Atomics.compareExchange(this.states, c, 0, party) === 0) return c;
    return -1;
  }

  /**
   * The last free chunk from `lowest` to before `end` (a pool thread, which holds the lines of those chunks); -1 when
   * none is left.
   */
  claimFromBack(party: number, lowest: number, end = this.count): number {
    for (let c = Math.min(this.limit, end) - 1; c >= lowest; c--)
      if (Atomics.compareExchange(this.states, c, 0, party) === 0) return c;
    return -1;
  }

  /** A line of `chunk` was refused: no chunk from there on is claimed any more. */
  refuse(chunk: number): void {
    for (let limit = this.limit; chunk < limit; limit = this.limit)
      if (Atomics.compareExchange(this.states, this.count, limit, chunk) === limit) return;
  }

  /** The chunks `party` claimed. */
  ownedBy(party: number): number[] {
    const owned: number[] = [];
    for (let c = 0; c < this.count; c++) if (Atomics.load(this.states, c) === party) owned.push(c);
    return owned;
  }
}

/** What a party computed: its chunks' printed lines by chunk, and the refusal of its first refused chunk. */
export interface ComputedChunks {
  chunks: number[];
  parts: PrintedNfeLines[];
  refused?: { chunk: number; error: TaxInputError };
}

type Lines = Pick<NfeLinesJob, 'operacao' | 'itens' | 'contexts' | 'offset'>;

/**
 * Claims one chunk of `lines` (the invoice's lines from `lines.offset`, a multiple of CHUNK_LINES) and computes it
 * with printNfeLines into `done`: from the front for the request's thread, from the back for a pool thread, so that
 * they meet wherever the faster one got. Returns false when no chunk is left for `party` or a line of the chunk was
 * refused (then no chunk from there on is claimed by anyone).
 */
function computeNextChunk(claims: ChunkClaims, party: number, lines: Lines, done: ComputedChunks): boolean {
  const chunk =
    party === REQUEST_PARTY
      ? claims.claimFromFront(party)
      : claims.claimFromBack(
          party,
          lines.offset / CHUNK_LINES,
          Math.ceil((lines.offset + lines.itens.length) / CHUNK_LINES),
        );
  if (chunk < 0) return false;
  try {
    done.parts.push(printChunk(lines, chunk));
    done.chunks.push(chunk);
    return true;
  } catch (err) {
    if (!(err instanceof TaxInputError)) throw err;
    claims.refuse(chunk);
    done.refused = { chunk, error: err };
    return false;
  }
}

/** A party's part: chunks claimed and computed one after the other until none is left. */
export function computeChunks(claims: ChunkClaims, party: number, lines: Lines): ComputedChunks {
  const done: ComputedChunks = { chunks: [], parts: [] };
  while (computeNextChunk(claims, party, lines, done));
  return done;
}

/** The lines of one chunk computed and printed (their index in the invoice names a refused one). */
export function printChunk(lines: Lines, chunk: number): PrintedNfeLines {
  const from = chunk * CHUNK_LINES - lines.offset;
  const to = Math.min(from + CHUNK_LINES, lines.itens.length);
  return printNfeLines(
    lines.operacao,
    lines.itens.slice(from, to),
    lines.contexts.slice(from, to),
    lines.offset + from,
  );
}
