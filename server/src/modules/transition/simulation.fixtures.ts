import type { Db } from '../../db/client.js';
import { createFiscalRule, createProduct, generateGtin14 } from '../../db/factories.js';

/**
 * A small retail catalogue for the simulation screen (browser test and demo): named SP rules, so repeated
 * calls never collide with base rules, and products linked to them. Rates are those of SP for the goods
 * (ICMS 18 %, bread with its base reduced to 12 %, PIS/COFINS non-cumulative), the cClassTrib of each
 * good's treatment in LC 214/2025 (food and hygiene with 60 % reduction, Anexos VII and VIII).
 * Beer and soft drinks reach a supermarket with the ICMS already retained by ST (RICMS/SP, arts. 313-W and
 * following: CST 60 / CSOSN 500 at 18 %) and PIS/COFINS charged monophasically by the maker (Lei 13.097/2015,
 * art. 14 ff.: CST 04 on resale) — the goods whose ICMS the simulation carries though the sale shows none.
 * The shampoo's rule is a real misclassification kept on purpose: cClassTrib 200035 (Anexo VIII) does not list
 * NCM 3305.10.00, so the engine refuses it and the screen's "recusados pelo motor" has a case to show.
 */
export async function seedSimulationCatalogue(db: Db, companyId: string, tag: string) {
  const rule = (name: string, ncm: string, version: NonNullable<Parameters<typeof createFiscalRule>[1]>['version']) =>
    createFiscalRule(db, {
      ncm,
      uf: 'SP',
      description: `Simulação ${name} ${tag}`,
      version: { cbsCst: '000', cbsCClassTrib: '000001', ...version },
    });
  const chargedBefore = {
    cstIcms: '60',
    cstCsosn: '500',
    aliqIcmsSt: '18.0000',
    iva: '70.0000',
    pisCstSaida: '04',
    aliqPis: '0',
    cofinsCstSaida: '04',
    aliqCofins: '0',
  };
  const beer = await rule('cerveja', '22030000', { ...chargedBefore, ipiCstSaida: '50', ipiAliq: '3.9000' });
  const soda = await rule('refrigerante', '22021000', chargedBefore);
  const bread = await rule('pão', '19059010', {
    cstIcms: '20',
    redBcIcms: '33.3300',
    cbsCst: '200',
    cbsCClassTrib: '200034',
  });
  const shampoo = await rule('xampu', '33051000', { cbsCst: '200', cbsCClassTrib: '200035' });
  const phone = await rule('celular', '85171300', { ipiCstSaida: '50', ipiAliq: '15.0000' });
  const items: [string, string, string][] = [
    [beer.id, 'SIM-001', 'CERVEJA PILSEN LATA 350ML'],
    [beer.id, 'SIM-002', 'CERVEJA PURO MALTE LONG NECK 355ML'],
    [bread.id, 'SIM-003', 'PAO DE FORMA TRADICIONAL 500G'],
    [bread.id, 'SIM-004', 'PAO DE FORMA INTEGRAL 450G'],
    [shampoo.id, 'SIM-005', 'XAMPU ANTICASPA 400ML'],
    [phone.id, 'SIM-006', 'SMARTPHONE 128GB 5G'],
    [soda.id, 'SIM-007', 'REFRIGERANTE COLA PET 2L'],
  ];
  for (const [fiscalRuleId, internalCode, description] of items)
    await createProduct(db, { companyId, fiscalRuleId, internalCode, description, gtin: generateGtin14() });
  return { rules: { beer, bread, shampoo, phone, soda } };
}
