import { expect, type Page, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { linkMemberToCompany } from '../server/src/db/factories';
import { companies } from '../server/src/db/schema';
import { e2eDb } from './support/db';
import { seedCompany, seedPartner, seedUser, toast, useSessionOf } from './support/fixtures';

/** Partner companies screen (spec 01 §2–§5): registry lookup, validation, edit, delete, integrator check. */

async function openAsOwner(page: Page) {
  const partner = await seedPartner();
  const owner = await seedUser('PartnerOwner', { partnerId: partner.id });
  await openCompaniesAs(page, owner);
  return { partner, owner };
}

async function openCompaniesAs(page: Page, user: Parameters<typeof useSessionOf>[1]) {
  await useSessionOf(page, user);
  await page.goto('/partner/companies');
  await expect(page.getByRole('heading', { name: 'Empresas' })).toBeVisible();
}

const formDialog = (page: Page) => page.getByRole('dialog', { name: 'Cadastro de Empresa' });

test('creates a company filled by the CNPJ registry lookup (not Simples)', async ({ page }) => {
  await openAsOwner(page);
  await expect(page.getByText('Nenhuma empresa cadastrada')).toBeVisible();
  await expect(page.getByLabel('Total de empresas')).toHaveText('0');

  await page.getByRole('button', { name: 'Adicionar Empresa' }).click();
  const dialog = formDialog(page);
  // creation defaults of spec 01 §3
  await expect(dialog.getByLabel('Status')).toHaveValue('Pendente');
  await expect(dialog.getByLabel('Ambiente')).toHaveValue('Produção');
  await expect(dialog.getByLabel('CRT')).toHaveValue('1 - Simples Nacional');
  await expect(dialog.getByLabel('Regime Especial')).toHaveValue('Não');
  await expect(dialog.getByLabel('Contribuinte ICMS')).toHaveValue('Não');
  // The documents audit reads the PIS/COFINS base choice from the documents until the company sets it (decision 058).
  await expect(dialog.getByLabel('Base do PIS/COFINS')).toHaveValue('Conforme os documentos (detectar)');

  await dialog.getByLabel('CNPJ').fill('33000167000101');
  await expect(dialog.getByLabel('CNPJ')).toHaveValue('33.000.167/0001-01');
  await dialog.getByLabel('CNPJ').blur();
  await expect(dialog.getByLabel('Razão Social')).toHaveValue('PETROLEO BRASILEIRO S A PETROBRAS');
  await expect(dialog.getByLabel('Nome Fantasia')).toHaveValue('PETROBRAS');
  await expect(dialog.getByLabel('UF')).toHaveValue('RJ');
  await expect(dialog.getByLabel('CNAE', { exact: true })).toHaveValue('0600001');
  await expect(dialog.getByLabel('Utiliza CNAE')).toBeChecked();
  // not Simples: only the CRT changes
  await expect(dialog.getByLabel('CRT')).toHaveValue('3 - Regime Normal');
  await expect(dialog.getByLabel('Regime Tributário')).toHaveValue('Simples Nacional');

  // Enter in a text field submits the form
  await dialog.getByLabel('Nome Fantasia').press('Enter');
  await expect(toast(page, 'Empresa cadastrada com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /PETROLEO BRASILEIRO S A PETROBRAS/ });
  await expect(row).toContainText('33.000.167/0001-01');
  await expect(row).toContainText('Pendente');
  await expect(row).toContainText('RJ');
  await expect(page.getByLabel('Total de empresas')).toHaveText('1');
});

test('registry lookup of a Simples company sets the three regimes; no lookup once razão social is typed', async ({
  page,
}) => {
  await openAsOwner(page);
  await page.getByRole('button', { name: 'Adicionar Empresa' }).click();
  const dialog = formDialog(page);
  await dialog.getByLabel('CRT').click();
  await page.getByRole('option', { name: '3 - Regime Normal' }).click();
  await dialog.getByLabel('Regime Tributário').click();
  await page.getByRole('option', { name: 'Lucro Real' }).click();

  await dialog.getByLabel('CNPJ').fill('11.222.333/0001-81');
  await dialog.getByLabel('CNPJ').blur();
  await expect(dialog.getByLabel('Razão Social')).toHaveValue('MERCADINHO EXEMPLO LTDA');
  await expect(dialog.getByLabel('UF')).toHaveValue('MG');
  await expect(dialog.getByLabel('CRT')).toHaveValue('1 - Simples Nacional');
  await expect(dialog.getByLabel('Regime Tributário')).toHaveValue('Simples Nacional');
  await expect(dialog.getByLabel('Enquadramento')).toHaveValue('Simples Nacional');

  // razão social is filled now: another CNPJ does not overwrite it
  await dialog.getByLabel('CNPJ').fill('33000167000101');
  await dialog.getByLabel('CNPJ').blur();
  await page.waitForTimeout(500);
  await expect(dialog.getByLabel('Razão Social')).toHaveValue('MERCADINHO EXEMPLO LTDA');

  // Escape closes the modal
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('an invalid or unknown CNPJ triggers no lookup result', async ({ page }) => {
  await openAsOwner(page);
  await page.getByRole('button', { name: 'Adicionar Empresa' }).click();
  const dialog = formDialog(page);
  await dialog.getByLabel('CNPJ').fill('33000167000102'); // wrong check digit
  await dialog.getByLabel('CNPJ').blur();
  await dialog.getByLabel('CNPJ').fill('11444777000161'); // valid but unknown to the registry stub
  await dialog.getByLabel('CNPJ').blur();
  await page.waitForTimeout(700);
  await expect(dialog.getByLabel('Razão Social')).toHaveValue('');
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
});

test('shows the validation messages in order and upper-cases names', async ({ page }) => {
  await openAsOwner(page);
  await page.getByRole('button', { name: 'Adicionar Empresa' }).click();
  const dialog = formDialog(page);
  const save = dialog.getByRole('button', { name: 'Salvar' });

  await dialog.getByLabel('Utiliza CNAE').check();
  await save.click();
  await expect(
    toast(
      page,
      'Foi informado que a empresa utiliza CNAE, porém nenhum CNAE foi informado. Por favor, verifique essa informação.',
    ),
  ).toBeVisible();
  await dialog.getByLabel('Utiliza CNAE').uncheck();

  await save.click();
  await expect(toast(page, 'Informe a Razão Social da empresa!')).toBeVisible();
  await dialog.getByLabel('Razão Social').fill('padaria pão quente ltda');
  await expect(dialog.getByLabel('Razão Social')).toHaveValue('PADARIA PÃO QUENTE LTDA');

  await save.click();
  await expect(toast(page, 'Informe o Nome Fantasia da empresa!')).toBeVisible();
  await dialog.getByLabel('Nome Fantasia').fill('pão quente');

  await save.click();
  await expect(toast(page, 'Informe a UF da empresa!')).toBeVisible();
  await dialog.getByLabel('UF').click();
  await page.getByRole('option', { name: 'SP', exact: true }).click();

  // a CNPJ the server rejects: the generic message plus the server's reason
  await dialog.getByLabel('CNPJ').fill('11444777000162');
  await save.click();
  await expect(toast(page, 'Erro ao cadastrar empresa, verifique todos os dados!')).toBeVisible();
  await expect(toast(page, 'CNPJ inválido!')).toBeVisible();

  await dialog.getByLabel('CNPJ').fill('11444777000161');
  await save.click();
  await expect(toast(page, 'Empresa cadastrada com sucesso!')).toBeVisible();
  await expect(page.getByRole('row', { name: /PADARIA PÃO QUENTE LTDA/ })).toContainText('PÃO QUENTE');
});

test('edits a company', async ({ page }) => {
  const partner = await seedPartner();
  const owner = await seedUser('PartnerOwner', { partnerId: partner.id });
  const company = await seedCompany(partner.id, { status: 'Active', uf: 'SP' });
  await openCompaniesAs(page, owner);

  await page
    .getByRole('row', { name: new RegExp(company.razaoSocial) })
    .getByRole('button', { name: 'Alterar' })
    .click();
  const dialog = formDialog(page);
  await expect(dialog.getByLabel('Razão Social')).toHaveValue(company.razaoSocial);
  await expect(dialog.getByLabel('Status')).toHaveValue('Ativa');
  await dialog.getByLabel('Nome Fantasia').fill('nome novo');
  await dialog.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Bloqueada' }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Empresa alterada com sucesso!')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(company.razaoSocial) });
  await expect(row).toContainText('NOME NOVO');
  await expect(row).toContainText('Bloqueada');
});

test('deletes a company only after the razão social is retyped and confirmed', async ({ page }) => {
  const partner = await seedPartner();
  const owner = await seedUser('PartnerOwner', { partnerId: partner.id });
  const company = await seedCompany(partner.id);
  await openCompaniesAs(page, owner);
  const row = page.getByRole('row', { name: new RegExp(company.razaoSocial) });

  await row.getByRole('button', { name: 'Excluir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir Empresa' });
  await dialog.getByLabel('Razão Social').fill('outra empresa');
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await expect(
    toast(page, 'Não foi possível seguir com a exclusão da empresa, a razão social digitada está incorreta'),
  ).toBeVisible();

  // case-insensitive match, then the final confirmation
  await dialog.getByLabel('Razão Social').fill(company.razaoSocial.toLowerCase());
  await dialog.getByLabel('Razão Social').press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Aviso' });
  await expect(confirm).toContainText(`Deseja realmente excluir a empresa ${company.razaoSocial} e todos seus dados?`);
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Empresa excluída com sucesso!')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('verifies the integrator account and flags companies in use', async ({ page }) => {
  const partner = await seedPartner();
  const owner = await seedUser('PartnerOwner', { partnerId: partner.id });
  const active = await seedCompany(partner.id, { status: 'Active', environment: 'Prod' });
  const pending = await seedCompany(partner.id, { status: 'Pending' });
  const member = await seedUser('Member', { partnerId: partner.id });
  await linkMemberToCompany(e2eDb(), member.id, active.id);
  await openCompaniesAs(page, owner);

  const activeRow = page.getByRole('row', { name: new RegExp(active.razaoSocial) });
  const pendingRow = page.getByRole('row', { name: new RegExp(pending.razaoSocial) });
  await expect(activeRow.getByLabel('Empresa em uso')).toBeVisible();
  await expect(pendingRow.getByLabel('Empresa em uso')).toHaveCount(0);
  // the tooltip says what "in use" means (issue 13)
  await activeRow.getByLabel('Empresa em uso').hover();
  await expect(page.getByRole('tooltip')).toContainText('há usuários com acesso a ela ou produtos cadastrados');
  await page.mouse.move(0, 0);

  await activeRow.getByRole('button', { name: 'Verificar conta do integrador' }).click();
  await expect(toast(page, 'Conta do integrador Ativa')).toBeVisible();
  await pendingRow.getByRole('button', { name: 'Verificar conta do integrador' }).click();
  await expect(toast(page, 'Conta do integrador Inativa')).toBeVisible();
});

test('Admin chooses the partner of a new company', async ({ page }) => {
  const partner = await seedPartner();
  await openCompaniesAs(page, await seedUser('Admin'));
  await page.getByRole('button', { name: 'Adicionar Empresa' }).click();
  const dialog = formDialog(page);
  await dialog.getByLabel('CNPJ').fill('45.723.174/0001-10');
  await dialog.getByLabel('Razão Social').fill('Loja do Admin Ltda');
  await dialog.getByLabel('Nome Fantasia').fill('Loja do Admin');
  await dialog.getByLabel('UF').click();
  await page.getByRole('option', { name: 'PR', exact: true }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Informe o parceiro da empresa!')).toBeVisible();
  await dialog.getByLabel('Parceiro').click();
  await page.getByRole('option', { name: partner.name }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Empresa cadastrada com sucesso!')).toBeVisible();
  const [saved] = await e2eDb().select().from(companies).where(eq(companies.document, '45723174000110'));
  expect(saved).toMatchObject({ partnerId: partner.id, razaoSocial: 'LOJA DO ADMIN LTDA', uf: 'PR' });
});

test('PartnerContributor edits but gets no delete action', async ({ page }) => {
  const partner = await seedPartner();
  const company = await seedCompany(partner.id);
  await openCompaniesAs(page, await seedUser('PartnerContributor', { partnerId: partner.id }));
  const row = page.getByRole('row', { name: new RegExp(company.razaoSocial) });
  await expect(row.getByRole('button', { name: 'Alterar' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Excluir' })).toHaveCount(0);
});
