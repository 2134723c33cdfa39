import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { nodeToXml, type SampleNfe, sampleNfe } from '../tax-engine/src/index';
import { expectAxeClean } from './support/axe';
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
  await expectAxeClean(page);
});

// An ERP's draft of the same note: the item says CST and rate only; imposto values and totals are left to the engine.
const draft = xml(valid)
  .replace(
    /<imposto>.*<\/imposto>/,
    '<imposto><ICMS><ICMS00><orig>0</orig><CST>00</CST><pICMS>18.00</pICMS></ICMS00></ICMS>' +
      '<IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib></IBSCBS></imposto>',
  )
  .replace(/<total>.*<\/total>/, '<total><ICMSTot><vNF>0.00</vNF></ICMSTot></total>');

test('completes the taxes of a draft XML and downloads the completed XML, by keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: 'LOJA COMPLETA', uf: 'SP' }]);
  await useSessionOf(page, seeded.member, seeded.companies[0]);
  await page.goto('/member/products/nfe-validation');
  await expect(page.getByRole('heading', { name: 'Validar NF-e' })).toBeVisible({ timeout: 30_000 });

  await page.getByLabel('Ou cole o XML').focus();
  await page.keyboard.insertText(draft);
  const button = page.getByTestId('nfe-complete');
  for (let i = 0; i < 8 && !(await button.evaluate((b) => b === b.ownerDocument.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await expect(button).toHaveText('Completar impostos');
  await page.keyboard.press('Enter');

  const doc = page.getByTestId('nfe-document');
  await expect(doc.getByTestId('nfe-verdict')).toHaveText('Sem rejeições', { timeout: 30_000 });
  await expect(doc.getByTestId('nfe-rule-set')).toContainText('Impostos completados pelo motor tributário');
  const download = doc.getByRole('button', { name: /Baixar XML completo/ });
  await download.focus();
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(file.suggestedFilename()).toBe('XML colado-completo.xml');
  const completed = readFileSync(await file.path(), 'utf8');
  // 1000.00 at 18 % (LC 87/1996 art. 13): vICMS 180.00; the IBS/CBS base 1000 − 180 = 820.00 (NT 2025.002 UB16-10).
  expect(completed).toContain('<vICMS>180.00</vICMS>');
  expect(completed).toContain('<vBCIBSCBS>820.00</vBCIBSCBS>');
  expect(completed).not.toContain('Signature');

  await expectAxeClean(page);
});
