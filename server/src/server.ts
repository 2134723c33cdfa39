import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { StartupError } from './db/embedded.js';
import { openDatabase } from './db/open-database.js';
import { bootstrapAdmin } from './modules/identity/bootstrap-admin.js';
import { loadMissingReferenceTables } from './modules/reference/loaders/load-reference-tables.js';

async function main() {
  const config = loadConfig();
  const opened = await openDatabase(config, { log: (m) => console.log(m) });
  // First start: the bundled official tables (reference-data/) fill the still-empty reference tables.
  for (const r of await loadMissingReferenceTables(opened.database.pool))
    console.log(`tabela ${r.table}: ${r.rowCount} registros`);
  const app = await buildApp({ config, database: opened.database });
  await bootstrapAdmin(app);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} recebido, encerrando...`);
    await app.close().catch(() => undefined);
    await opened.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `\nA porta ${config.port} já está em uso. Pare o outro processo ou defina PORT com outra porta.`
        : `\nNão foi possível iniciar o servidor: ${(err as Error).message}`,
    );
    await opened.close();
    process.exit(1);
  }
  console.log(`\nPlataforma Fiscal em ${config.publicUrl}  (documentação da API: ${config.publicUrl}/docs)`);
}

main().catch((err) => {
  if (err instanceof StartupError) console.error(`\n${err.message}`);
  else console.error('\nFalha ao iniciar:', err instanceof Error ? err.message : err);
  process.exit(1);
});
