import { createDatabase, type Database } from '../../server/src/db/client';
import { E2E } from './env';

let database: Database | undefined;

/** Direct access to the browser-test database, for factories (seeding) only. */
export function e2eDb(): Database['db'] {
  database ??= createDatabase(E2E.dbUrl, 2);
  return database.db;
}
