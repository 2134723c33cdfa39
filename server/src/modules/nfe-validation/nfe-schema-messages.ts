import type { SchemaError, SchemaPackage } from './nfe-schema.js';

/**
 * One schema check sent to the schema thread (nfe-schema-thread.ts): the XML's bytes as libxml2 will read them (the
 * placeholder signature already spliced in when the document comes unsigned), moved to the thread, not copied again.
 */
export interface SchemaJob {
  id: number;
  bytes: Uint8Array;
  pkg: SchemaPackage;
  /** At most this many errors come back (the answer shows no more). */
  max: number;
  /**
   * Set to 1 by the request's thread when nobody waits for this check any more (its body was refused, or it waited
   * too long): the thread skips it instead of running it. Shared memory, so a job already queued sees it.
   */
  cancel: Int32Array;
}

/**
 * The thread's answer: the schema's errors, that libxml2 found the XML malformed, that the job was cancelled before it
 * ran, or an unexpected failure.
 */
export type SchemaReply =
  | { id: number; errors: SchemaError[] }
  | { id: number; skipped: true }
  | { id: number; malformed: string }
  | { id: number; failed: string };
