import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createDatabase } from './db/client.js';
import { type EmbeddedDatabase, StartupError, startEmbeddedPostgres } from './db/embedded.js';
import { ensureDatabaseExists } from './db/ensure-database.js';
import { runMigrations } from './db/migrate.js';
import { bootstrapAdmin } from './modules/identity/bootstrap-admin.js';

const DB_NAME = 'fiscal';

async function main() {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const dir = path.join(config.dataDir, 'postgres');
    console.log(`Iniciando PostgreSQL embutido em ${dir} (porta ${config.embeddedPgPort})...`);
    embedded = await startEmbeddedPostgres({ dir, port: config.embeddedPgPort });
    await ensureDatabaseExists(embedded.url('postgres'), DB_NAME);
    url = embedded.url(DB_NAME);
  }
  const database = createDatabase(url);
  const client = await database.pool.connect();
  try {
    await runMigrations(client, (m) => console.log(m));
  } finally {
    client.release();
  }

  const app = await buildApp({ config, database });
  await bootstrapAdmin(app);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} recebido, encerrando...`);
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      console.error(`\nA porta ${config.port} já está em uso. Pare o outro processo ou defina PORT com outra porta.`);
    } else {
      console.error(`\nNão foi possível iniciar o servidor: ${(err as Error).message}`);
    }
    await database.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  }
  console.log(`\nPlataforma Fiscal em ${config.publicUrl}  (API: ${config.publicUrl}/docs)`);
}

main().catch((err) => {
  if (err instanceof StartupError) console.error(`\n${err.message}`);
  else console.error('\nFalha ao iniciar:', err instanceof Error ? err.message : err);
  process.exit(1);
});
