import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { type AppConfig, loadConfig } from '../src/config.js';
import { createDatabase, type Database } from '../src/db/client.js';
import type { JobDefinition } from '../src/jobs/job-definition.js';
import type { Mail, Mailer } from '../src/lib/mailer.js';

export interface TestContext {
  app: App;
  database: Database;
  db: Database['db'];
  /** Mails the app sent through its in-memory mailer (use startSmtpCapture for the SMTP path). */
  outbox: Mail[];
}

/** Clones the migrated template into a fresh database for this test file and builds the app on it. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  opts: { mailer?: Mailer; jobDefinitions?: JobDefinition[] } = {},
): Promise<TestContext> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = createDatabase(url.toString(), 5);
  const outbox: Mail[] = [];
  const mailer: Mailer = opts.mailer ?? { send: async (m) => void outbox.push(m) };
  const config: AppConfig = {
    ...loadConfig({}),
    webDistDir: '/nonexistent',
    cnpjRegistryUrl: 'http://127.0.0.1:9/cnpj',
    dfeTokenSecret: 'test-secret',
    // Tests play clients behind a proxy: X-Forwarded-For gives each test its own client IP for rate limits.
    trustProxy: true,
    // Tests run queued jobs with app.jobs.drain(), deterministically.
    jobWorkers: false,
    ...overrides,
  };
  const app = await buildApp({ config, database, mailer, logger: false, jobDefinitions: opts.jobDefinitions });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  });
  return { app, database, db: database.db, outbox };
}
