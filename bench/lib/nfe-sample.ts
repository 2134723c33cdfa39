import { nodeToXml, type SampleItem, sampleNfe } from '@app/tax-engine';

/** 50 items of the shapes an ERP sends: full ICMS, ST, reduced base, IPI, PIS/COFINS, IBS/CBS full, reduced, deferred. */
export const nfeItems: SampleItem[] = Array.from({ length: 50 }, (_, i) => ({
  vProd: `${(37.5 * (i + 1)).toFixed(2)}`,
  vDesc: i % 7 === 0 ? '1.50' : undefined,
  icms:
    i % 5 === 1
      ? { cst: '10', pICMS: '18', st: { pMVAST: '40', pICMSST: '18' } }
      : i % 5 === 2
        ? { cst: '20', pICMS: '18', pRedBC: '33.33' }
        : { cst: '00', pICMS: '18' },
  ipi: i % 3 === 0 ? { pIPI: '5' } : undefined,
  pisCofins: { pPIS: '1.65', pCOFINS: '7.6' },
  ibscbs:
    i % 4 === 1
      ? { cst: '200', cClassTrib: '200034', pRedAliq: '60' }
      : i % 4 === 2
        ? { cst: '515', cClassTrib: '515001', pRedAliq: '60', pDif: '100' }
        : { cst: '000', cClassTrib: '000001' },
}));

/** The bench's 50-item NF-e (63 KB, unsigned), valid under the rules and schema of 10/10/2026. */
export const nfeXml = `<?xml version="1.0" encoding="UTF-8"?>${nodeToXml(
  sampleNfe({
    emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
    destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: true },
    data: '2026-10-10',
    items: nfeItems,
  }),
)}`;
