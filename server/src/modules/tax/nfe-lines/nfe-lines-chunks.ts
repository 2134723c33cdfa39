import { type TTaxCalculateNfeRequest, ZTaxItemWithCheckedOperacao } from '@app/contract';
import { type NfeInput, type NfeItemContext, TaxInputError } from '@app/tax-engine';
import { AppError } from '../../../lib/app-error.js';
import type { PrintedNfeLines } from '../tax-answer-print.js';
import { printNfeLines } from '../tax-answer-print.js';
import { buildContextFrom } from '../tax-context.js';
import type { FactsReader } from '../tax-facts-index.js';

/** Lines per chunk: small enough that whoever finishes last waits at most ≈ 1 ms for the other (decision 053). */
export const CHUNK_LINES = 16;

/** The request's thread claims chunks as party 1; the pool's threads as 2, 3… */
export const REQUEST_PARTY = 1;

/**
 * Who computes which chunk of an invoice's lines, shared by the request's thread and the pool's threads
 * (decision 053) in a SharedArrayBuffer: one Int32 per chunk, 0 while free, then the party that claimed it
 * (compare-and-swap, so a chunk has exactly one owner), and after them how many chunks may still be claimed
 * (`limit`): 0 once a line was refused, since the invoice is then answered in one go (LineRefused).
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

  /** A line was refused: no chunk is claimed any more. */
  stop(): void {
    Atomics.store(this.states, this.count, 0);
  }

  /** The chunks `party` claimed. */
  ownedBy(party: number): number[] {
    const owned: number[] = [];
    for (let c = 0; c < this.count; c++) if (Atomics.load(this.states, c) === party) owned.push(c);
    return owned;
  }
}

/** What a party computed: its chunks' printed lines by chunk, and whether it met a refused line. */
export interface ComputedChunks {
  chunks: number[];
  parts: PrintedNfeLines[];
  refused?: boolean;
}

/**
 * An invoice's items from `offset` (a multiple of CHUNK_LINES) as the body has them, not yet checked, with the
 * operação, the invoice's date and the facts snapshot to check and compute them with.
 */
export interface Lines {
  operacao: NfeInput['operacao'];
  items: readonly unknown[];
  offset: number;
  date: string;
  read: FactsReader;
}

/**
 * A line of a chunk refused by the item schema, the tables or the engine. Which refusal the invoice answers depends on
 * every item (the schema's issues of all items come first, then every table refusal, then the first line the engine
 * refuses), so the caller answers it by checking the whole invoice in one go.
 */
export class LineRefused extends Error {}

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
          Math.ceil((lines.offset + lines.items.length) / CHUNK_LINES),
        );
  if (chunk < 0) return false;
  try {
    done.parts.push(printChunk(lines, chunk));
    done.chunks.push(chunk);
    return true;
  } catch (err) {
    if (!(err instanceof LineRefused)) throw err;
    // The invoice is answered in one go: nobody claims any more.
    claims.stop();
    done.refused = true;
    return false;
  }
}

/** A party's part: chunks claimed and computed one after the other until none is left. */
export function computeChunks(claims: ChunkClaims, party: number, lines: Lines): ComputedChunks {
  const done: ComputedChunks = { chunks: [], parts: [] };
  while (computeNextChunk(claims, party, lines, done));
  return done;
}

/**
 * The lines of one chunk checked by the item schema and the joined checks of the route's full schema
 * (ZTaxItemWithCheckedOperacao), their facts read and checked against the tables (buildContextFrom), computed and
 * printed (printNfeLines). A refused line throws LineRefused.
 */
export function printChunk(lines: Lines, chunk: number): PrintedNfeLines {
  const { operacao, date, read } = lines;
  const from = chunk * CHUNK_LINES - lines.offset;
  const count = Math.min(CHUNK_LINES, lines.items.length - from);
  const itens: TTaxCalculateNfeRequest['itens'] = new Array(count);
  const contexts: NfeItemContext[] = new Array(count);
  for (let k = 0; k < count; k++) {
    const parsed = ZTaxItemWithCheckedOperacao.safeParse({ operacao, item: lines.items[from + k] });
    if (!parsed.success) throw new LineRefused();
    itens[k] = parsed.data.item;
  }
  try {
    for (let k = 0; k < count; k++) contexts[k] = buildContextFrom(read, { operacao, item: itens[k]! }, date);
    return printNfeLines(operacao, itens, contexts, lines.offset + from);
  } catch (err) {
    if (err instanceof TaxInputError || (err instanceof AppError && err.code === 'VALIDATION')) throw new LineRefused();
    throw err;
  }
}
