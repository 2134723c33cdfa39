import type pg from 'pg';

export interface Column {
  name: string;
  /** PostgreSQL type used to read the JSON value (text, date, boolean, numeric, text[], smallint). */
  type: string;
}

export interface TableSpec {
  table: string;
  columns: Column[];
  key: string[];
  /** Limits which existing rows this file owns (ref_cst holds two files' codes). */
  scope?: string;
  /** Extra assignments when a code disappears from the file (besides active = false). */
  onAbsent?: string;
}

/**
 * Upserts every row in ONE statement (the rows travel as one json parameter;
 * json, not jsonb: it is read once, so skipping the binary conversion is faster), then marks rows of
 * this table that the file no longer has as inactive. Nothing is deleted: rules and products keep
 * pointing at retired codes.
 */
export async function upsertRows(client: pg.ClientBase, spec: TableSpec, rows: object[]): Promise<void> {
  const cols = spec.columns.map((c) => c.name);
  const recordDef = spec.columns.map((c) => `${c.name} ${c.type}`).join(', ');
  const valueCols = cols.filter((c) => !spec.key.includes(c));
  const updates = valueCols
    .map((c) => `${c} = EXCLUDED.${c}`)
    .concat('active = true')
    .join(', ');
  // Unchanged rows are not rewritten: a reload of a mostly equal file touches only what changed.
  const changed = `(${valueCols
    .map((c) => `${spec.table}.${c}`)
    .concat(`${spec.table}.active`)
    .join(', ')})
    IS DISTINCT FROM (${valueCols
      .map((c) => `EXCLUDED.${c}`)
      .concat('true')
      .join(', ')})`;
  const payload = JSON.stringify(rows);
  const rebuild = await dropGinIndexesWhenEmpty(client, spec.table);
  await client.query(
    `INSERT INTO ${spec.table} (${cols.join(', ')})
     SELECT ${cols.join(', ')} FROM json_to_recordset($1::json) AS x(${recordDef})
     ON CONFLICT (${spec.key.join(', ')}) DO UPDATE SET ${updates} WHERE ${changed}`,
    [payload],
  );
  if (rebuild.length > 0) {
    // CREATE INDEX refuses to run while deferred FK checks of the insert are still pending.
    await client.query('SET CONSTRAINTS ALL IMMEDIATE');
    for (const definition of rebuild) await client.query(definition);
  }
  const keyDef = spec.columns
    .filter((c) => spec.key.includes(c.name))
    .map((c) => `${c.name} ${c.type}`)
    .join(', ');
  const keyMatch = spec.key.map((k) => `x.${k} = t.${k}`).join(' AND ');
  const keys = JSON.stringify(
    rows.map((r) => Object.fromEntries(spec.key.map((k) => [k, (r as Record<string, unknown>)[k]]))),
  );
  const assignments = ['active = false', spec.onAbsent].filter(Boolean).join(', ');
  await client.query(
    `UPDATE ${spec.table} t SET ${assignments}
     WHERE t.active ${spec.scope ? `AND (${spec.scope})` : ''}
       AND NOT EXISTS (SELECT 1 FROM json_to_recordset($1::json) AS x(${keyDef}) WHERE ${keyMatch})`,
    [keys],
  );
}

/**
 * First load into an empty table: building a trigram (GIN) index once over all rows is several
 * times faster than growing it row by row, so such indexes are dropped here and rebuilt after the
 * insert (their definitions come from the catalog, so the migration stays the one source).
 */
async function dropGinIndexesWhenEmpty(client: pg.ClientBase, table: string): Promise<string[]> {
  const empty = await client.query(`SELECT 1 FROM ${table} LIMIT 1`);
  if (empty.rowCount !== 0) return [];
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = $1 AND indexdef LIKE '% USING gin %'`,
    [table],
  );
  for (const r of rows) await client.query(`DROP INDEX ${r.indexname}`);
  return rows.map((r) => r.indexdef);
}
