import { expect, type Page, test } from '@playwright/test';
import { expectAxeClean } from './support/axe';
import { seedUser, useSessionOf } from './support/fixtures';

/**
 * 'Acordos de ICMS-ST' (issue 37, decision 064): the Admin reads the cited seed, registers an agreement, edits it with
 * a reason, ends it and reads its history, by keyboard; the screen passes axe; other staff are not offered it.
 */
test.describe.configure({ timeout: 180_000 });

const table = (page: Page) => page.getByTestId('st-agreements-table');

test('the Admin registers, edits, ends an agreement and reads its history', async ({ page }) => {
  await useSessionOf(page, await seedUser('Admin', { name: 'Helena Admin' }));
  await page.goto('/partner/home');
  await page
    .getByRole('navigation', { name: 'Menu do parceiro' })
    .getByRole('link', { name: 'Acordos de ICMS-ST' })
    .click();
  await expect(page.getByRole('heading', { name: 'Acordos de ICMS-ST' })).toBeVisible({ timeout: 20_000 });

  // The bundled seed: Protocolo ICMS 41/2008, ES joined "exceto nas operações com SP" (Prot. ICMS 116/09).
  await page.getByLabel('UF de origem').selectOption('SP');
  await page.getByLabel('UF de destino').selectOption('ES');
  const esRow = table(page).locator('tbody tr').first();
  await expect(esRow).toContainText('Sem acordo');
  await expect(esRow).toContainText('Protocolo ICMS 41/2008');
  await expect(esRow).toContainText('desde 01/11/2009');
  await page.getByLabel('UF de destino').selectOption('');
  await page.getByLabel('Segmento CEST').selectOption('03');
  await expect(page.getByTestId('st-agreements-count')).toHaveText('10 acordos');
  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/st-agreements-${width}.png`, fullPage: true });
  }
  await expectAxeClean(page);

  // Register by keyboard; a malformed source is refused naming the field, and nothing is saved.
  await page.getByRole('button', { name: 'Cadastrar acordo' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cadastrar acordo de ICMS-ST' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('UF de origem').selectOption('AM');
  await dialog.getByLabel('UF de destino').selectOption('AC');
  await dialog.getByLabel('Segmento CEST').selectOption('16');
  await dialog.getByLabel('Códigos CEST').fill('1600100, 16.002.00');
  await dialog.getByLabel('Instrumento').fill('Protocolo ICMS 999/2030 (exemplo de teste)');
  await dialog.getByLabel('MVA original (%)').fill('42,5');
  await dialog.getByRole('textbox', { name: 'Início da vigência' }).fill('01/01/2024');
  await dialog.getByRole('textbox', { name: 'Início da vigência' }).press('Tab');
  await dialog.getByLabel('Fonte (endereço)').fill('confaz');
  await dialog.getByLabel('Fonte (dispositivo)').fill('Cláusula primeira (exemplo de teste)');
  await expectAxeClean(page);
  await dialog.getByLabel('Instrumento').press('Enter');
  await expect(dialog).toContainText('Fonte (endereço): informe um endereço http:// ou https://.');
  await dialog.getByLabel('Fonte (endereço)').fill('https://www.confaz.fazenda.gov.br/legislacao/protocolos');
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.screenshot({ path: 'test-results/st-agreements-dialog-1024.png' });
  await dialog.getByLabel('Fonte (endereço)').press('Enter');
  await expect(dialog).toBeHidden();

  await page.getByLabel('Segmento CEST').selectOption('16');
  await page.getByLabel('UF de origem').selectOption('AM');
  const row = table(page).locator('tbody tr', { hasText: 'exemplo de teste' });
  await expect(row).toContainText('16.001.00, 16.002.00');
  await expect(row).toContainText('42,5 %');
  await expect(row).toContainText('desde 01/01/2024');

  // Edit: the reason is required and kept.
  await page.getByRole('button', { name: 'Editar AM → AC, segmento 16' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar acordo de ICMS-ST' });
  await edit.getByLabel('MVA original (%)').fill('50');
  await edit.getByLabel('Instrumento').press('Enter');
  await expect(edit).toContainText('Motivo: informe por que o acordo muda (ao menos 3 caracteres).');
  await edit.getByLabel('Motivo').fill('Nova redação da cláusula (exemplo de teste)');
  await edit.getByLabel('Instrumento').press('Enter');
  await expect(edit).toBeHidden();
  await expect(row).toContainText('50 %');

  // End of validity, by keyboard.
  await page.getByRole('button', { name: 'Encerrar vigência de AM → AC, segmento 16' }).focus();
  await page.keyboard.press('Enter');
  const end = page.getByRole('dialog', { name: 'Encerrar vigência do acordo' });
  await end.getByRole('textbox', { name: 'Último dia de vigência' }).fill('31/12/2025');
  await end.getByRole('textbox', { name: 'Último dia de vigência' }).press('Tab');
  await end.getByLabel('Motivo').fill('Denúncia do protocolo (exemplo de teste)');
  await end.getByRole('button', { name: 'Encerrar vigência' }).click();
  await expect(end).toBeHidden();
  await expect(row).toContainText('01/01/2024 a 31/12/2025');

  // History: newest first, who, why and what changed.
  await page.getByRole('button', { name: 'Histórico de AM → AC, segmento 16' }).click();
  const drawer = page.getByRole('dialog', { name: 'Histórico do acordo' });
  await expect(drawer).toContainText('Encerramento');
  await expect(drawer).toContainText('Motivo: Denúncia do protocolo (exemplo de teste)');
  await expect(drawer).toContainText('Fim da vigência: — → 31/12/2025');
  await expect(drawer).toContainText('Motivo: Nova redação da cláusula (exemplo de teste)');
  await expect(drawer).toContainText('MVA original (%): 42,5 → 50');
  await expect(drawer).toContainText('Cadastro');
  await expect(drawer).toContainText('Por Helena Admin');
  await page.screenshot({ path: 'test-results/st-agreements-history-1024.png' });
  await expectAxeClean(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});

test('a partner owner is not offered the screen and cannot write, but reads the agreements', async ({ page }) => {
  await useSessionOf(page, await seedUser('PartnerOwner'));
  await page.goto('/partner/home');
  const menu = page.getByRole('navigation', { name: 'Menu do parceiro' });
  await expect(menu.getByRole('link', { name: 'Logs' })).toBeVisible({ timeout: 40_000 });
  await expect(menu.getByRole('link', { name: 'Acordos de ICMS-ST' })).toHaveCount(0);
  const list = await page.request.get('/v1/public/st-agreements?ufOrigem=SP&ufDestino=ES');
  expect(list.status()).toBe(200);
  // A well-formed body: validation answers before the permission check.
  const res = await page.request.post('/v1/public/st-agreements', {
    data: {
      ufOrigem: 'AM',
      ufDestino: 'AC',
      cestSegmento: '16',
      temAcordo: true,
      instrumento: 'Protocolo ICMS 999/2030',
      vigenciaInicio: '2024-01-01',
      fonteUrl: 'https://www.confaz.fazenda.gov.br/',
      fonteNota: 'Cláusula primeira',
    },
  });
  expect(res.status()).toBe(403);
});
