import { parse } from 'csv-parse/sync';

/** CSV with a header row → records keyed by header (BOM and blank lines tolerated). */
export function readCsv(content: string, delimiter = ','): Record<string, string>[] {
  return parse(content, { columns: true, bom: true, delimiter, skip_empty_lines: true, trim: false });
}
