import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  createFiscalRule,
  createGlobalProduct,
  createProduct,
  generateGtin14,
  linkMemberToCompany,
} from '../server/src/db/factories';
import { seedDirtyCatalogue } from '../server/src/modules/tax/health/health.fixtures';
import { e2eDb } from './support/db';
import { seedCompany, seedMemberWithCompanies, seedPartner, seedUser, toast, useSessionOf } from './support/fixtures';

/**
 * Issue 13, "readable codes" and "offer only what the role may do": codes show their official masks
 * (exports stay raw), option codes their meaning, and each role is offered only the actions the
 * contract's permission map (and a Member's user permissions) allow — and an offered action succeeds.
 */

const LOAD = { timeout: 30_000 };
const userMenu = (page: Page) => page.getByRole('navigation', { name: 'Menu do usuário' });
const productRows = (page: Page) => page.getByTestId('products-table').locator('tbody tr');

/** The labels of the menu a button opens (the menu is closed again before returning). */
async function menuLabels(page: Page, buttonName: string): Promise<string[]> {
  await page.getByRole('button', { name: buttonName }).click();
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  const labels = await items.allTextContents();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem')).toHaveCount(0);
  return labels;
}

const rowActions = (page: Page, code: string) => menuLabels(page, `Ações do produto ${code}`);
const otherActions = (page: Page) => menuLabels(page, 'Outras ações');

/** A refrigerante rule of SP with ST (CST 60, CFOP 5405, PIS/COFINS monofásico 04). */
async function seedStRule(ncm = '22021000', cest = '0301100') {
  return createFiscalRule(e2eDb(), {
    ncm,
    cest,
    uf: 'SP',
    status: 'Checked',
    version: { cstIcms: '60', cfopSaida: '5405', pisCstSaida: '04', cofinsCstSaida: '04', codBenef: 'SP099999' },
  }).catch(async () => {
    // Another test of this run made the base rule of this NCM/CEST/UF: use a named one.
    return createFiscalRule(e2eDb(), {
      ncm,
      cest,
      uf: 'SP',
      description: `REFRIGERANTES ST ${Date.now()}`,
      version: { cstIcms: '60', cfopSaida: '5405', pisCstSaida: '04', cofinsCstSaida: '04', codBenef: 'SP099999' },
    });
  });
}

test('codes are masked and option codes carry their meaning; the export stays raw', async ({ page }) => {
  test.setTimeout(120_000);
  const rule = await seedStRule();
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: 'MERCADO CODIGOS', uf: 'SP' }]);
  const company = seeded.companies[0]!;
  const gtin = generateGtin14();
  await createProduct(e2eDb(), {
    companyId: company.id,
    fiscalRuleId: rule.id,
    internalCode: 'REF-1',
    description: 'REFRIGERANTE COLA 2L',
    gtin,
  });

  await useSessionOf(page, seeded.member, company);
  await page.goto('/member/home');
  await expect(page.getByRole('heading', { name: 'Meus Produtos' })).toBeVisible(LOAD);
  const row = productRows(page).filter({ hasText: 'REF-1' });
  await expect(row).toContainText('2202.10.00');
  await expect(row).toContainText(gtin.slice(1));
  await expect(row).not.toContainText(gtin);

  // Rule details: every option code with its official name from the reference tables.
  await page.getByRole('button', { name: 'Ações do produto REF-1' }).click();
  await page.getByRole('menuitem', { name: 'Detalhes' }).click();
  const details = page.getByRole('dialog', { name: 'REFRIGERANTE COLA 2L' });
  await expect(details.getByTestId('fiscal-rule-details')).toBeVisible(LOAD);
  await expect(details).toContainText('03.011.00');
  await details.getByRole('tab', { name: 'Federal' }).click();
  await expect(details).toContainText('04 - Operação Tributável Monofásica - Revenda a Alíquota Zero');
  await expect(details).toContainText('53 - Saída não-tributada');
  await expect(details).toContainText('999 - Tributação normal IPI');
  await details.getByRole('tab', { name: 'Estadual' }).click();
  await expect(details).toContainText('60 - ICMS cobrado anteriormente por substituição tributária');
  await expect(details).toContainText('5.405 - Venda de mercadoria, adquirida ou recebida de terceiros');
  await expect(details).toContainText('SP099999 - Operações, sem benefício fiscal');
  await page.screenshot({ path: 'test-results/codes-rule-details.png', fullPage: true });
  await page.keyboard.press('Escape');

  // The export keeps the codes as stored: raw digits, no masks, no labels.
  await page.goto('/member/products/export');
  await expect(page.getByRole('heading', { name: 'Exportar Produtos' })).toBeVisible(LOAD);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar planilha' }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const cells: string[] = [];
  book.worksheets[0]!.eachRow((r) => {
    r.eachCell((c) => {
      cells.push(String(c.value));
    });
  });
  expect(cells).toContain('22021000');
  expect(cells).not.toContain('2202.10.00');
  expect(cells.join('|')).not.toContain('03.011.00');
});

test('global products: CEST masked, the CST cells name their code on hover', async ({ page }) => {
  const tag = `C${Date.now()}`.slice(-7);
  const rule = await seedStRule();
  await createGlobalProduct(e2eDb(), {
    description: `${tag} REFRIGERANTE GUARANA 2L`,
    ncm: '22021000',
    cest: '0301100',
    rules: { SP: rule.id },
  });
  const partner = await seedPartner();
  await seedCompany(partner.id);
  await useSessionOf(page, await seedUser('PartnerOwner', { partnerId: partner.id }));
  await page.goto('/partner/products/global/finalized');
  await expect(page.getByRole('heading', { name: 'Produtos Finalizados' })).toBeVisible(LOAD);
  await page.getByLabel('Pesquisa').fill(tag);
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  const table = page.getByTestId('global-products-table');
  const row = table.locator('tbody tr').filter({ hasText: tag });
  await expect(row).toContainText('03.011.00');
  await expect(row).toContainText('2202.10.00');
  await row.getByText('60', { exact: true }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('60 - ICMS cobrado anteriormente por substituição tributária');
  await page.screenshot({ path: 'test-results/codes-global-products.png', fullPage: true });
});

test('health findings show their codes masked on screen and raw in the export', async ({ page }) => {
  test.setTimeout(120_000);
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: 'MERCADO ACHADOS', uf: 'SP' }]);
  const company = seeded.companies[0]!;
  await seedDirtyCatalogue(e2eDb(), company.id);
  await useSessionOf(page, seeded.member, company);
  await page.goto('/member/products/health');
  await expect(page.getByRole('heading', { name: 'Saúde fiscal do catálogo' })).toBeVisible(LOAD);
  await page.getByRole('button', { name: 'Verificar catálogo' }).click();
  await expect(page.getByTestId('health-status')).toHaveText('Concluída', { timeout: 45_000 });
  const findings = page.getByTestId('health-findings');
  await expect(findings).toContainText('CEST 01.001.00 × NCM 2202.10.00');
  await expect(findings).toContainText('CST 60 × CFOP 5.102');
  // the 13-digit form of a GTIN-13, not the stored 14 digits with a leading zero
  await expect(findings.getByText(/^GTIN 789\d{10}$/)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar XLSX' }).click();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await (await download).path())!)) as unknown as ArrayBuffer);
  const texts: string[] = [];
  wb.getWorksheet('Saúde fiscal')!.eachRow((r) => {
    r.eachCell((c) => {
      texts.push(String(c.value));
    });
  });
  expect(texts).toContain('CEST 0100100 × NCM 22021000');
  expect(texts).toContain('CST 60 × CFOP 5102');
});

test('a Member without user permissions is offered no import, export, add, bind or delete', async ({ page }) => {
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: 'LOJA LIMITADA', uf: 'SP' }]);
  const company = seeded.companies[0]!;
  const member = await seedUser('Member', { partnerId: seeded.partner.id, permissions: ['Read'] });
  await linkMemberToCompany(e2eDb(), member.id, company.id);
  await createProduct(e2eDb(), { companyId: company.id, internalCode: 'P-1', status: 'P', gtin: generateGtin14() });

  await useSessionOf(page, member, company);
  await page.goto('/member/home');
  await expect(page.getByRole('heading', { name: 'Meus Produtos' })).toBeVisible(LOAD);
  await expect(productRows(page)).toHaveCount(1);
  await expect(userMenu(page).getByRole('link', { name: 'Meus Produtos' })).toBeVisible();
  await expect(userMenu(page).getByRole('link', { name: 'Importar' })).toHaveCount(0);
  await expect(userMenu(page).getByRole('link', { name: 'Exportar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Adicionar' })).toHaveCount(0);
  const others = await otherActions(page);
  expect(others).not.toContain('Importar produtos');
  expect(others).not.toContain('Exportar produtos');
  // A ticket about a pending product is open to every role (issue 38).
  expect(await rowActions(page, 'P-1')).toEqual(['Abrir ticket', 'Código de barras']);

  // Typing the address still refuses: the page says why and does not offer the button.
  await page.goto('/member/products/import');
  await expect(page.getByText('Seu usuário não tem permissão para importar produtos.')).toBeVisible(LOAD);
});

test('a Member with every user permission is offered them and an offered action succeeds', async ({ page }) => {
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: 'LOJA COMPLETA', uf: 'SP' }]);
  const company = seeded.companies[0]!;
  await createProduct(e2eDb(), { companyId: company.id, internalCode: 'P-2', status: 'P' });
  await useSessionOf(page, seeded.member, company);
  await page.goto('/member/home');
  await expect(page.getByRole('heading', { name: 'Meus Produtos' })).toBeVisible(LOAD);
  await expect(userMenu(page).getByRole('link', { name: 'Importar' })).toBeVisible();
  await expect(userMenu(page).getByRole('link', { name: 'Exportar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Adicionar' })).toBeVisible();
  expect(await otherActions(page)).toEqual(expect.arrayContaining(['Importar produtos', 'Exportar produtos']));
  expect(await rowActions(page, 'P-2')).toEqual(['Abrir ticket', 'Vincular código', 'Excluir produto']);

  await page.getByRole('button', { name: 'Ações do produto P-2' }).click();
  await page.getByRole('menuitem', { name: 'Excluir produto' }).click();
  await page.getByRole('dialog', { name: 'Excluir produto' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Produto excluído com sucesso!')).toBeVisible();
  await expect(productRows(page).filter({ hasText: 'P-2' })).toHaveCount(0);
});

test('staff are offered by their role: delete company only to owners, own role never', async ({ page }) => {
  const partner = await seedPartner();
  const company = await seedCompany(partner.id, { status: 'Active', uf: 'SP' });
  const owner = await seedUser('PartnerOwner', { name: 'Olga Dona', partnerId: partner.id });
  const contributor = await seedUser('PartnerContributor', { name: 'Caio Colab', partnerId: partner.id });

  // PartnerContributor: the whole partner menu, companies without delete, an edit that saves.
  await useSessionOf(page, contributor);
  await page.goto('/partner/companies');
  const partnerMenu = page.getByRole('navigation', { name: 'Menu do parceiro' });
  for (const item of ['Dashboard', 'Usuários', 'Empresas', 'Tickets', 'Regras Fiscais', 'Logs']) {
    await expect(partnerMenu.getByRole('link', { name: item })).toBeVisible(LOAD);
  }
  const row = page.getByRole('row', { name: new RegExp(company.razaoSocial) });
  await expect(row.getByRole('button', { name: 'Alterar' })).toBeVisible(LOAD);
  await expect(row.getByRole('button', { name: 'Excluir' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Alterar' }).click();
  const form = page.getByRole('dialog', { name: 'Cadastro de Empresa' });
  await form.getByLabel('Nome Fantasia').fill('loja alterada pelo colaborador');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Empresa alterada com sucesso!')).toBeVisible();

  // Users: no Alterar on the owner; on oneself Alterar keeps role and status out of reach, and saves.
  await page.goto('/partner/users');
  await page.getByRole('button', { name: `Ações de ${owner.name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Resetar senha' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Alterar' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem')).toHaveCount(0);
  await page.getByRole('button', { name: `Ações de ${contributor.name}` }).click();
  await page.getByRole('menuitem', { name: 'Alterar' }).click();
  const userForm = page.getByRole('dialog', { name: 'Alteração de Usuário' });
  await expect(userForm.getByLabel('Função')).toBeDisabled();
  await expect(userForm.getByLabel('Status')).toBeDisabled();
  await userForm.getByLabel('Nome').fill('Caio Colaborador');
  await userForm.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Usuário alterado com sucesso!')).toBeVisible();

  // PartnerOwner: the same company row offers Excluir.
  await useSessionOf(page, owner);
  await page.goto('/partner/companies');
  await expect(
    page.getByRole('row', { name: new RegExp(company.razaoSocial) }).getByRole('button', { name: 'Excluir' }),
  ).toBeVisible(LOAD);
});

test('named-rule form names each option code as it is typed, and only official ones', async ({ page }) => {
  const partner = await seedPartner();
  await useSessionOf(page, await seedUser('PartnerContributor', { partnerId: partner.id }));
  await page.goto('/partner/fiscal-rules');
  await expect(page.getByRole('heading', { name: 'Regras Fiscais' })).toBeVisible(LOAD);
  await page.getByRole('button', { name: 'Nova regra nomeada' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regras Fiscais' });

  await dialog.getByLabel('CST ICMS').pressSequentially('060');
  await expect(dialog.getByTestId('meaning-CSTICMS')).toHaveText(
    'ICMS cobrado anteriormente por substituição tributária',
  );
  await dialog.getByLabel('CSOSN').pressSequentially('500');
  await expect(dialog.getByTestId('meaning-csosnicms')).toContainText('ICMS cobrado anteriormente');
  await dialog.getByLabel('CFOP saída').pressSequentially('5405');
  await expect(dialog.getByTestId('meaning-cfopSaida')).toContainText('sujeita ao regime de substituição tributária');
  await dialog.getByLabel('CODENQ').pressSequentially('999');
  await expect(dialog.getByTestId('meaning-codENQ')).toContainText('Tributação normal IPI');
  await dialog.getByLabel('COD. BENEF.').pressSequentially('SP010010');
  await expect(dialog.getByTestId('meaning-CodBeneficio')).toContainText('ADJUDICAÇÃO EFETUADA PELO ESTADO');
  // A code with no official meaning gets none (nothing invented), and changing the code drops the old one.
  await dialog.getByLabel('CST ICMS').fill('77');
  await expect(dialog.getByTestId('meaning-CSTICMS')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/codes-named-rule.png', fullPage: true });
});

test('audit decision: the rule of the UF shows CFOP masked and CSTs named', async ({ page }) => {
  const tag = `A${Date.now()}`.slice(-7);
  const rule = await seedStRule();
  const global = await createGlobalProduct(e2eDb(), {
    description: `${tag} REFRIGERANTE LIMAO 2L`,
    ncm: '22021000',
    cest: '0301100',
    rules: { SP: rule.id },
  });
  const partner = await seedPartner();
  const company = await seedCompany(partner.id, { status: 'Active', uf: 'SP' });
  const owner = await seedUser('PartnerOwner', { partnerId: partner.id });
  await createProduct(e2eDb(), {
    companyId: company.id,
    internalCode: 'AUD-1',
    description: `${tag} REFRI LIMAO`,
    status: 'A',
    fiscalServiceReferenceCode: global.code,
  });
  await useSessionOf(page, owner, company);
  await page.goto('/member/home');
  await expect(productRows(page).filter({ hasText: 'AUD-1' })).toBeVisible(LOAD);
  await page.getByRole('button', { name: 'Ações do produto AUD-1' }).click();
  await page.getByRole('menuitem', { name: 'Auditar' }).click();
  const audit = page.getByRole('dialog', { name: 'Auditoria do vínculo' });
  await expect(audit.getByTestId('audit-comparison')).toContainText('03.011.00');
  const ufRule = audit.getByRole('table', { name: 'Regra fiscal da UF' });
  await expect(ufRule).toContainText('5.405');
  await ufRule.getByText('5.405', { exact: true }).hover();
  await expect(page.getByRole('tooltip')).toContainText('5.405 - Venda de mercadoria');
});
