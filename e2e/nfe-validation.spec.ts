import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { nodeToXml, type SampleNfe, sampleNfe } from '../tax-engine/src/index';
import { seedMemberWithCompanies, useSessionOf } from './support/fixtures';

/**
 * "Validar NF-e" (issue 36): XMLs chosen and pasted are validated against the schema and the rules in force on their
 * date; each document gets its table of code, rule (linked to its source), field and message, and the rule set named.
 */
const valid: SampleNfe = {
  emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
  destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: true },
  data: '2026-10-10',
  items: [{ vProd: '1000.00', icms: { cst: '00', pICMS: '18' }, ibscbs: { cst: '000', cClassTrib: '000001' } }],
};
const xml = (s: SampleNfe) => nodeToXml(sampleNfe(s));
// vICMS of the total 1.00 above the item's (MOC 7.0 W04-10, rejection 532) and so the vNF formula (W16-10) is not hit.
const wrongTotal = xml(valid).replace(
  '<ICMSTot><vBC>1000.00</vBC><vICMS>180.00</vICMS>',
  '<ICMSTot><vBC>1000.00</vBC><vICMS>181.00</vICMS>',
);

test('validates chosen and pasted XMLs, every rejection with its rule and field, by keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: 'LOJA VALIDA', uf: 'SP' }]);
  await useSessionOf(page, seeded.member, seeded.companies[0]);
  await page.goto('/member/home');
  await page.getByRole('link', { name: 'Validar NF-e' }).click();
  await expect(page.getByRole('heading', { name: 'Validar NF-e' })).toBeVisible({ timeout: 30_000 });

  await page
    .getByTestId('nfe-drop-zone')
    .locator('input[type="file"]')
    .setInputFiles([
      { name: 'valida.xml', mimeType: 'application/xml', buffer: Buffer.from(xml(valid)) },
      { name: 'total-errado.xml', mimeType: 'application/xml', buffer: Buffer.from(wrongTotal) },
    ]);
  // The pasted one and the button by keyboard alone.
  await page.getByLabel('Ou cole o XML').focus();
  await page.keyboard.insertText('<cteProc/>');
  // Tab through the date field (its day, month and year parts) to the button.
  const button = page.getByTestId('nfe-validate');
  for (let i = 0; i < 6 && !(await button.evaluate((b) => b === b.ownerDocument.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');

  const docs = page.getByTestId('nfe-document');
  await expect(docs).toHaveCount(3, { timeout: 30_000 });
  await expect(docs.nth(0).getByTestId('nfe-verdict')).toHaveText('Sem rejeições');
  await expect(docs.nth(0).getByTestId('nfe-rule-set')).toContainText(
    'Regras: MOC 7.0 Anexo I + NT 2025.002-RTC v1.51 em 10/10/2026 (produção)',
  );
  await expect(docs.nth(0).getByTestId('nfe-rule-set')).toContainText('PL_010');

  await expect(docs.nth(1).getByTestId('nfe-verdict')).toHaveText('1 rejeição');
  const row = docs.nth(1).getByTestId('nfe-rejections').locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('532');
  await expect(row).toContainText('NFe/infNFe/total/ICMSTot/vICMS');
  await expect(row).toContainText('Rejeição: Total do ICMS difere do somatório dos itens');
  await expect(row).toContainText('Esperado: 180.00 · Encontrado: 181.00');
  const link = row.getByRole('link', { name: 'W04-10' });
  await expect(link).toHaveAttribute('href', /nfe\.fazenda\.gov\.br/);
  await expect(link).toHaveAttribute('title', /MOC 7\.0 Anexo I v7\.00, Regras de Validação, grupo W/);

  await expect(docs.nth(2).getByTestId('nfe-refused')).toContainText('O XML não é uma NF-e');

  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/nfe-validation-${width}.png`, fullPage: true });
  }
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).setLegacyMode(true).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});
