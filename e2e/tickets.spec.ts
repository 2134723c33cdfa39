import { expect, type Page, test } from '@playwright/test';
import { createProduct, createSessionToken, generateGtin14 } from '../server/src/db/factories';
import { ticketComments, tickets } from '../server/src/db/schema';
import { e2eDb } from './support/db';
import { E2E, readMail, seedMemberWithCompanies, seedUser, toast, useSessionOf } from './support/fixtures';

/**
 * Support tickets (spec 02 §2 "Tickets", §4, §5, §8, §9): opening one from a product, the related-tickets
 * offer by GTIN, the chat's 10 s polling and finalising. Each test seeds its own partner.
 */

async function seedClassified() {
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: 'MERCADO BOA VISTA', uf: 'SP' }]);
  const company = seeded.companies[0]!;
  const staff = await seedUser('PartnerOwner', { partnerId: seeded.partner.id, name: 'Otávio Fiscal' });
  const gtin = generateGtin14();
  const product = await createProduct(e2eDb(), {
    companyId: company.id,
    internalCode: 'REF-2L',
    description: 'REFRIGERANTE COLA 2L',
    gtin,
    // Classified (the open-ticket action's status); the rule behind it does not matter here
    status: 'F',
    ncm: '22021000',
  });
  return { ...seeded, company, staff, product, gtin };
}

/** An older ticket about the same GTIN with a knowledge-base answer: what the related-tickets offer finds. */
async function seedAnsweredTicket(s: Awaited<ReturnType<typeof seedClassified>>) {
  const [old] = await e2eDb()
    .insert(tickets)
    .values({
      partnerId: s.partner.id,
      companyId: s.company.id,
      productId: s.product.id,
      productCode: s.product.internalCode,
      productDescription: s.product.description,
      gtin: s.gtin,
      title: 'CEST do refrigerante',
      description: 'Qual CEST devo usar para refrigerante em garrafa PET?',
      createdBy: s.member.id,
      createdAt: new Date(Date.now() - 86_400_000),
    })
    .returning();
  await e2eDb().insert(ticketComments).values({
    ticketId: old!.id,
    companyId: s.company.id,
    text: 'Use o CEST 03.007.00 (refrigerantes).',
    type: 'KnowledgeBase',
    createdBy: s.staff.id,
  });
}

/** A staff answer through the API (as another browser would send it). */
async function answerAsStaff(staffId: string, ticketId: string, text: string) {
  const token = await createSessionToken(e2eDb(), staffId);
  const res = await fetch(`${E2E.baseUrl}/v1/public/tickets/comments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ticketId, text }),
  });
  expect(res.status).toBe(200);
}

const chatInput = (page: Page) => page.getByRole('textbox', { name: 'Comentário' });

test('a Member opens a ticket from a product, sees related tickets, gets the staff reply by polling and finalises', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const s = await seedClassified();
  await seedAnsweredTicket(s);
  await useSessionOf(page, s.member, s.company);
  await page.goto('/member/home');
  await page.getByRole('button', { name: 'Ações do produto REF-2L' }).click();
  await page.getByRole('menuitem', { name: 'Abrir ticket' }).click();

  const dialog = page.getByRole('dialog', { name: 'Abrir ticket' });
  await expect(dialog.getByText('REF-2L - REFRIGERANTE COLA 2L')).toBeVisible();
  await expect(dialog.getByTestId('related-tickets-offer')).toContainText('Encontramos 1 ticket relacionado');
  await dialog.getByRole('button', { name: 'Ver tickets relacionados' }).click();
  const related = page.getByRole('dialog', { name: 'Tickets relacionados' });
  await expect(related.getByText('Use o CEST 03.007.00 (refrigerantes).')).toBeVisible();
  await related.getByRole('button').first().click();
  await expect(related).toBeHidden();

  // the spec's messages before sending; counters turn red (the theme's AA red, red 9 darkened) over the maximum
  await dialog.getByRole('button', { name: 'Abrir ticket' }).click();
  await expect(toast(page, 'Preencha o campo de título corretamente!')).toBeVisible();
  await expect(toast(page, 'Preencha o campo de descrição corretamente!')).toBeVisible();
  await dialog.getByLabel('Título').fill('t'.repeat(201));
  await expect(dialog.getByTestId('ticket-title-counter')).toHaveText('201/200');
  await expect(dialog.getByTestId('ticket-title-counter')).toHaveCSS('color', 'rgb(191, 40, 40)');
  await dialog.getByLabel('Título').fill('NCM do refrigerante 2L');
  await dialog.getByLabel('Descrição').fill('O NCM sugerido parece ser de água mineral. Podem conferir?');
  await dialog.getByRole('button', { name: 'Abrir ticket' }).click();
  await expect(
    toast(page, 'Ticket foi aberto com sucesso! Aguarde até que nossa equipe envie uma resposta para você.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/member\/tickets$/);
  await expect(page.getByTestId('tickets-count')).toHaveText('2 tickets');
  const card = page.getByTestId('ticket-card').filter({ hasText: 'NCM do refrigerante 2L' });
  await expect(card).toContainText('Em aberto');
  await expect(card).toContainText('REFRIGERANTE COLA 2L');
  await expect(card).toContainText('MERCADO BOA VISTA');

  // the partner's staff were told by e-mail
  await expect.poll(async () => (await readMail(s.staff.email)).length, { timeout: 10_000 }).toBe(1);

  await card.click();
  await expect(page.getByTestId('ticket-specification')).toHaveText('REFRIGERANTE COLA 2L');
  await expect(page.getByText('Código: REF-2L')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(toast(page, 'Você não pode fazer um comentário em branco!')).toBeVisible();
  await chatInput(page).fill('Segue a foto do rótulo.');
  await page.getByRole('button', { name: 'Enviar' }).click();
  const mine = page.getByTestId('ticket-comment').filter({ hasText: 'Segue a foto do rótulo.' });
  await expect(mine).toHaveAttribute('data-mine', 'true');
  // members get no knowledge-base toggle
  await expect(page.getByLabel('Base de conhecimento')).toHaveCount(0);

  const ticketId = new URL(page.url()).searchParams.get('ticket')!;
  await answerAsStaff(s.staff.id, ticketId, 'Conferimos: o NCM correto é 2202.10.00.');
  // one polling interval (10 s) plus a margin
  const reply = page.getByTestId('ticket-comment').filter({ hasText: 'o NCM correto é 2202.10.00' });
  await expect(reply).toBeVisible({ timeout: 12_000 });
  await expect(reply).toHaveAttribute('data-mine', 'false');
  await expect(reply).toContainText('Otávio Fiscal');
  await expect(page.getByTestId('ticket-status')).toHaveText('Pendente');

  await page.getByRole('button', { name: 'Finalizar Ticket' }).click();
  const confirm = page.getByRole('dialog', { name: 'Finalizar Ticket' });
  await expect(confirm.getByText('Deseja realmente finalizar o ticket ?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.getByTestId('ticket-status')).toHaveText('Finalizado');
  await expect(chatInput(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Finalizar Ticket' })).toHaveCount(0);
});

test('staff answer from /partner/tickets and flag knowledge base; other partners see nothing', async ({ page }) => {
  test.setTimeout(90_000);
  const s = await seedClassified();
  await seedAnsweredTicket(s);
  const other = await seedUser('PartnerOwner', { name: 'Outro Parceiro' });
  await useSessionOf(page, other);
  await page.goto('/partner/tickets');
  // a first load of the lazy pages can be slow on a busy machine
  await expect(page.getByText('Nenhum ticket encontrado.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Adicionar' })).toHaveCount(0);

  await useSessionOf(page, s.staff);
  await page.goto('/partner/tickets');
  await expect(page.getByTestId('tickets-count')).toHaveText('1 ticket', { timeout: 20_000 });
  await page.getByTestId('ticket-card').filter({ hasText: 'CEST do refrigerante' }).click();
  await chatInput(page).fill('Complemento: vale também para a lata.');
  await page.getByLabel('Base de conhecimento').check();
  await page.getByRole('button', { name: 'Enviar' }).click();
  const sent = page.getByTestId('ticket-comment').filter({ hasText: 'vale também para a lata' });
  await expect(sent).toHaveAttribute('data-mine', 'true');
  await expect(sent.getByText('Base de conhecimento')).toBeVisible();
  // the Member who opened it is told
  await expect.poll(async () => (await readMail(s.member.email)).length, { timeout: 10_000 }).toBe(1);
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByTestId('ticket-card')).toHaveCount(1);
});
