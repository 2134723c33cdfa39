import { calculateNfeItem } from '@app/tax-engine';

const item = {
  operacao: { ufOrigem: 'SP', ufDestino: 'RJ', consumidorFinal: false, contribuinte: true, ano: 2026 },
  item: {
    vProd: '1000.00',
    vFrete: '50.00',
    icms: { cst: '10', pICMS: 12, pMVAST: 50, ajustarMva: true, pICMSST: 20, pFCPST: 2 },
    ipi: { cst: '50', pIPI: 5 },
    pis: { cst: '01', pPIS: 1.65 },
    cofins: { cst: '01', pCOFINS: 7.6 },
    ibscbs: { cst: '000', cClassTrib: '000001' },
  },
} as const;
const N = Number(process.env.N ?? 20000);
for (let i = 0; i < N; i++) calculateNfeItem(item as any);
const c = process.cpuUsage();
for (let i = 0; i < N; i++) calculateNfeItem(item as any);
const u = process.cpuUsage(c);
console.log('cpu µs per item', ((u.user + u.system) / N).toFixed(1));
