import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { streamXlsx } from './xlsx-stream.js';

async function* pagesOf(rows: (string | number)[][], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

describe('streamXlsx', () => {
  it('writes a workbook a spreadsheet reader opens, text and numbers intact', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => [
      `linha ${i} <ação> & "aspas"`,
      i,
      i % 7 === 0 ? "'=SOMA(A1)" : 'ÁGUA\u0001 MINERAL',
    ]);
    const file = await buffer(streamXlsx('Log', ['Texto', 'Número', 'Outro'], pagesOf(rows, 1000)));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Log')!;
    expect(sheet.rowCount).toBe(2501);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Texto', 'Número', 'Outro']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'linha 0 <ação> & "aspas"', 0, "'=SOMA(A1)"]);
    expect(sheet.getRow(3).values).toEqual([undefined, 'linha 1 <ação> & "aspas"', 1, 'ÁGUA MINERAL']);
    expect(sheet.getRow(2501).getCell(2).value).toBe(2499);
  });

  it('keeps every row intact across many reused chunks (several MB of XML)', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => [`linha ${i} ${'ção '.repeat(i % 40)}fim`, i]);
    const file = await buffer(streamXlsx('Log', ['Texto', 'Número'], pagesOf(rows, 5000)));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Log')!;
    expect(sheet.rowCount).toBe(30_001);
    for (let i = 0; i < rows.length; i += 1) {
      const values = sheet.getRow(i + 2).values as unknown[];
      if (values[1] !== rows[i]![0] || values[2] !== i) expect([i, values.slice(1)]).toEqual([i, rows[i]]);
    }
  });

  it('an empty period is a valid file with its header only', async () => {
    const file = await buffer(streamXlsx('Log', ['A'], pagesOf([], 10)));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(1);
  });
});
