import { IMPORT_COLUMNS } from '@app/contract';

/** Layout of the import file (spec 02 §5): semicolon-separated, GTIN/EAN optional. */
export const importColumns = [
  { name: IMPORT_COLUMNS[0], required: true, description: 'Código interno do produto (até 155 caracteres)' },
  { name: IMPORT_COLUMNS[1], required: true, description: 'Descrição do produto (até 255 caracteres)' },
  { name: IMPORT_COLUMNS[2], required: false, description: 'Código de barras GTIN/EAN (8 a 14 dígitos)' },
] as const;

export const SAMPLE_FILE_NAME = 'modelo_importacao_produtos.csv';

/** The sample file: the header and two lines, one without GTIN. Built here so it always matches the layout. */
export function buildSampleCsv(): string {
  return [
    importColumns.map((c) => c.name).join(';'),
    '1001;ARROZ TIPO 1 PACOTE 5KG;7891234567895',
    '1002;SACOLA PLASTICA PERSONALIZADA;',
  ].join('\r\n');
}
