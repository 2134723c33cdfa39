import { describe, expect, it } from 'vitest';
import { buildXlsx, buildZip, SHEET_HEAD, SHEET_TAIL, sharedStringsOf } from '../../test/hostile-xlsx.js';
import { AppError } from './app-error.js';
import { readXlsxRowsSafely, XLSX_LIMITS } from './safe-xlsx.js';

async function readAll(file: Buffer, limits = XLSX_LIMITS) {
  const rows = [];
  for await (const row of readXlsxRowsSafely(file, limits)) rows.push(row);
  return rows;
}

async function refusal(file: Buffer, limits = XLSX_LIMITS): Promise<AppError> {
  try {
    await readAll(file, limits);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('the file was accepted');
}

const row = (n: number, cells: string) => `<row r="${n}">${cells}</row>`;

describe('readXlsxRowsSafely: good sheets', () => {
  it('reads shared, inline, number, boolean and error cells, with gaps, in workbook order', async () => {
    const file = await buildXlsx({
      sharedStrings: sharedStringsOf(
        '<si><t>CodigoInterno</t></si><si><r><t>ÁGUA </t></r><r><t>&amp; SAL</t></r></si>',
        '',
        0,
      ),
      sheet: {
        text:
          SHEET_HEAD +
          row(1, '<c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>GTIN</t></is></c>') +
          row(3, '<c r="A3"><v>7891234567895</v></c><c r="B3" t="s"><v>1</v></c><c r="C3"><v>1.5</v></c>') +
          row(4, '<c r="A4" t="b"><v>1</v></c><c r="B4" t="e"><v>#N/A</v></c><c r="C4" t="str"><f>A1</f><v>x</v></c>') +
          SHEET_TAIL,
      },
    });
    expect(await readAll(file)).toEqual([
      { line: 1, cells: ['CodigoInterno', '', 'GTIN'] },
      { line: 3, cells: ['7891234567895', 'ÁGUA & SAL', '1.5'] },
      { line: 4, cells: ['VERDADEIRO', '', 'x'] },
    ]);
  });
});

// Building and reading files of hundreds of MB takes seconds on a loaded machine.
describe('readXlsxRowsSafely: hostile files are refused before memory grows', { timeout: 60_000 }, () => {
  it('3,000,000 shared strings (≈ 279 MB inflated, placed before the sheet)', async () => {
    const chunk = '<si><t>PRODUTO DE TESTE COM UMA DESCRIÇÃO BEM LONGA PARA OCUPAR ESPAÇO NO XML 0000</t></si>';
    const file = await buildXlsx({
      sharedStrings: sharedStringsOf('', chunk, 3_000_000),
      sheet: { text: SHEET_HEAD + SHEET_TAIL },
    });
    expect(file.length).toBeLessThan(10 * 1024 * 1024);
    const before = process.memoryUsage().heapUsed;
    const err = await refusal(file);
    expect(err.code).toBe('UPLOAD_REFUSED');
    expect(err.message).toBe('A parte xl/sharedStrings.xml da planilha excede 40 MB descompactada.');
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(150 * 1024 * 1024);
  });

  it('more shared strings than the limit, each short', async () => {
    const file = await buildXlsx({
      sharedStrings: sharedStringsOf('', '<si><t>a</t></si>', 600_000),
      sheet: { text: SHEET_HEAD + SHEET_TAIL },
    });
    expect((await refusal(file)).message).toBe('A planilha tem mais de 500.000 textos compartilhados.');
  });

  it('shared strings over their inflated size', async () => {
    const file = await buildXlsx({
      sharedStrings: sharedStringsOf('<si><t>', 'x'.repeat(1000), 50_000, '</t></si>'),
      sheet: { text: SHEET_HEAD + SHEET_TAIL },
    });
    const err = await refusal(file, { ...XLSX_LIMITS, maxSharedStringsBytes: 1024 * 1024, maxCellChars: 10_000_000 });
    expect(err.message).toBe('A parte xl/sharedStrings.xml da planilha excede 1 MB descompactada.');
  });

  it('a zip bomb of 300 MB of blanks is cut after its first ~200k characters', async () => {
    const file = await buildXlsx({
      sheet: { head: SHEET_HEAD, chunk: ' ', repeat: 300 * 1024 * 1024, tail: SHEET_TAIL },
    });
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    const err = await refusal(file);
    expect(err.message).toBe('A planilha tem um texto ou elemento com mais de 196.602 caracteres.');
  });

  it('a sheet inflating past its byte limit however it is made', async () => {
    const file = await buildXlsx({ sheet: { head: SHEET_HEAD, chunk: '<row/>', repeat: 200_000, tail: SHEET_TAIL } });
    const err = await refusal(file, { ...XLSX_LIMITS, maxSheetBytes: 1024 * 1024 });
    expect(err.message).toBe('A aba da planilha excede 1 MB descompactada.');
  });

  it('a row with 1,000,000 columns', async () => {
    const file = await buildXlsx({
      sheet: {
        head: `${SHEET_HEAD}<row r="1">`,
        chunk: '<c t="inlineStr"><is><t>x</t></is></c>',
        repeat: 1_000_000,
        tail: `</row>${SHEET_TAIL}`,
      },
    });
    const err = await refusal(file);
    expect(err.message).toBe('A planilha tem uma linha com mais de 256 colunas.');
  });

  it('a cell referenced at column XFD (16384) without the columns before it', async () => {
    const file = await buildXlsx({ sheet: { text: SHEET_HEAD + row(1, '<c r="XFD1"><v>1</v></c>') + SHEET_TAIL } });
    expect((await refusal(file)).message).toBe('A planilha tem uma linha com mais de 256 colunas.');
  });

  it('deeply nested XML', async () => {
    const file = await buildXlsx({ sheet: { head: SHEET_HEAD, chunk: '<a>', repeat: 100_000, tail: SHEET_TAIL } });
    expect((await refusal(file)).message).toBe('A planilha tem elementos aninhados demais (mais de 32 níveis).');
  });

  it('a cell longer than 32,767 characters and one text run of 50 MB', async () => {
    const long = await buildXlsx({
      sheet: {
        head: `${SHEET_HEAD}<row r="1"><c t="inlineStr"><is><t>`,
        chunk: 'a',
        repeat: 40_000,
        tail: `</t></is></c></row>${SHEET_TAIL}`,
      },
    });
    expect((await refusal(long)).message).toBe('A planilha tem uma célula com mais de 32.767 caracteres.');
    const run = await buildXlsx({
      sheet: {
        head: `${SHEET_HEAD}<row r="1"><c><v>`,
        chunk: '1',
        repeat: 50 * 1024 * 1024,
        tail: `</v></c></row>${SHEET_TAIL}`,
      },
    });
    expect((await refusal(run)).message).toBe('A planilha tem um texto ou elemento com mais de 196.602 caracteres.');
  });

  it('more rows than the limit', async () => {
    const file = await buildXlsx({
      sheet: { head: SHEET_HEAD, chunk: '<row><c><v>1</v></c></row>', repeat: 300_001, tail: SHEET_TAIL },
    });
    expect((await refusal(file)).message).toBe('A planilha tem mais de 300.000 linhas.');
  });

  it('broken XML, a forbidden character reference and a truncated archive are "corrupt"', async () => {
    const broken = await buildXlsx({ sheet: { text: `${SHEET_HEAD}<row><c><v>1</c>` } });
    expect((await refusal(broken)).code).toBe('IMPORT_XLSX_INVALID');
    const nul = await buildXlsx({ sheet: { text: `${SHEET_HEAD}<row><c t="str"><v>&#0;</v></c></row>${SHEET_TAIL}` } });
    expect((await refusal(nul)).code).toBe('IMPORT_XLSX_INVALID');
    const good = await buildZip([{ name: 'a.txt', text: 'x' }]);
    expect((await refusal(good.subarray(0, good.length - 10))).code).toBe('IMPORT_XLSX_INVALID');
    expect((await refusal(good)).message).toBe('A planilha não possui nenhuma aba com dados.');
  });
});
