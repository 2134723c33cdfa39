import { nodeToXml, type SampleItem, sampleNfe } from '@app/tax-engine';
import { fiftyItems } from '../../server/src/modules/nfe-validation/xsd-fast/mutations.js';

/** 50 items of the shapes an ERP sends (the schema fast path's differential test uses the same ones). */
export const nfeItems: SampleItem[] = fiftyItems;

/** The bench's 50-item NF-e (63 KB, unsigned), valid under the rules and schema of 10/10/2026. */
export const nfeXml = `<?xml version="1.0" encoding="UTF-8"?>${nodeToXml(
  sampleNfe({
    emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
    destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: true },
    data: '2026-10-10',
    items: nfeItems,
  }),
)}`;
