import { expect, test } from '@playwright/test';
import { buildEfd, buildNfeXml, type FixtureItem } from '../server/src/modules/documents/documents.fixtures';
import { seedMemberWithCompanies, useSessionOf } from './support/fixtures';

/**
 * An import that tells the truth (issue 37, decision 057): one NF-e of four items is done within seconds, an upload
 * that imported nothing says "Nada importado" (in the summary and the import picker), and an EFD of block 0 only
 * brings its 0200 items into the catalogue and says it had no C100.
 */
test('the import says what it did: done, nothing imported, an EFD without documents', async ({ page }) => {
  test.setTimeout(120_000);
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: 'MERCADO VERDADE', uf: 'SP' }]);
  const company = seeded.companies[0]!;
  const item = (code: string): FixtureItem => ({
    code,
    description: `CERVEJA ${code}`,
    ncm: '22030000',
    cfop: '5102',
    vProd: '10.00',
    icms: { cst: '00', pICMS: '18.00', vICMS: '1.80' },
  });
  const nfe = (number: number, badCheckDigit = false) =>
    buildNfeXml({
      issuerCnpj: company.document,
      issuerUf: 'SP',
      recipientCnpj: '44555666000181',
      recipientUf: 'SP',
      number,
      items: ['A', 'B', 'C', 'D'].map((c) => item(`${c}${number}`)),
      badCheckDigit,
    });
  const send = async (name: string, content: string) => {
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(content) });
    await page.getByTestId('documents-send').click();
  };
  const status = page.getByTestId('documents-import-status');

  await useSessionOf(page, seeded.member, company);
  await page.goto('/member/products/documents');
  await expect(page.getByRole('heading', { name: 'Documentos fiscais' })).toBeVisible({ timeout: 30_000 });

  await send('nota.xml', nfe(1));
  await expect(status).toHaveText('Concluída', { timeout: 15_000 });
  await expect(page.getByTestId('documents-count-items')).toHaveText('4');

  await send('recusada.xml', nfe(2, true));
  await expect(status).toHaveText('Nada importado', { timeout: 15_000 });
  await expect(page.getByTestId('documents-problems')).toContainText('chave de acesso');
  await expect(page.getByTestId('documents-import-select')).toHaveValue(/recusada\.xml — .* — Nada importado/);

  const efd = buildEfd({
    cnpj: company.document,
    uf: 'SP',
    participants: [],
    products: [{ code: 'EFD-1', description: 'REFRIGERANTE LATA', ncm: '22021000' }],
    documents: [],
  });
  await send('efd.txt', efd);
  await expect(status).toHaveText('Concluída', { timeout: 15_000 });
  await expect(page.getByTestId('documents-import-summary')).toContainText(
    'efd.txt: o arquivo EFD não tem documentos (registro C100); 1 produto do cadastro de itens (registro 0200) incluído como pendente.',
  );
  await expect(page.getByTestId('documents-count-created')).toHaveText('1');
});
