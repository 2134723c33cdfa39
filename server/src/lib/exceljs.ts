/**
 * exceljs, loaded by the first export that writes a workbook instead of at start: the library and its
 * dependencies hold ≈ 25 MB of resident memory, and most processes never export (bench/idle-memory.ts).
 */
let loading: Promise<typeof import('exceljs')> | undefined;

export async function loadExcelJs(): Promise<typeof import('exceljs')> {
  loading ??= import('exceljs').then((m) => (m as { default?: typeof import('exceljs') }).default ?? m);
  return loading;
}
