import { calculateNfeItem, ZTaxCalculateResponse, ZTaxCalculateRequest } from '@app/contract';
const item = ZTaxCalculateRequest.parse({
  operacao: { ufOrigem: 'SP', ufDestino: 'RJ', consumidorFinal: false, contribuinte: true, ano: 2026 },
  item: { vProd: '1000.00', vFrete: '50.00',
    icms: { cst: '10', pICMS: 12, pMVAST: 50, ajustarMva: true, pICMSST: 20, pFCPST: 2 },
    ipi: { cst: '50', pIPI: 5 }, pis: { cst: '01', pPIS: 1.65 }, cofins: { cst: '01', pCOFINS: 7.6 },
    ibscbs: { cst: '000', cClassTrib: '000001' } } });
const out = calculateNfeItem(item as any);
const a = JSON.stringify(out); const b = JSON.stringify(ZTaxCalculateResponse.parse(out));
console.log(a.length, b.length, a === b);
console.log(b.slice(0, 1500));
for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) { console.log(i, a.slice(i - 100, i + 100), '\n---\n', b.slice(i - 100, i + 100)); break; }
console.log('A', a.slice(0, 200)); console.log('B', b.slice(0, 200));
