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
}

/** The thread's answer: the schema's errors, that libxml2 found the XML malformed, or an unexpected failure. */
export type SchemaReply =
  | { id: number; errors: SchemaError[] }
  | { id: number; malformed: string }
  | { id: number; failed: string };
