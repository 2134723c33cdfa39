import type { Db } from '../db/client.js';

/** Fiscal part of the demo seed (base rules, named rules, versions); filled once the fiscal-rules model exists. */
export async function seedDemoFiscal(_db: Db): Promise<void> {}
