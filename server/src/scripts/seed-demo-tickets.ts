import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { ticketComments, tickets } from '../db/schema/index.js';

/** Demo conversations: questions analysts really ask about a classification, and the tax team's answers. */
const demoTickets: {
  companyDocument: string;
  title: string;
  description: string;
  daysAgo: number;
  /** Who asks (a Member of the company); Maria unless said. */
  member?: string;
  /** The product asked about: the first Classified one whose description starts with one of these. */
  about: string[];
  closed?: boolean;
  comments: { by: 'member' | 'owner' | 'contributor'; text: string; knowledgeBase?: boolean }[];
}[] = [
  {
    companyDocument: '11222333000181',
    title: 'CEST do produto',
    about: ['REFRIGERANTE', 'AGUA MINERAL'],
    description:
      'O produto veio classificado sem CEST, mas o fornecedor destaca ICMS-ST na nota. Qual CEST devemos usar?',
    daysAgo: 6,
    closed: true,
    comments: [
      { by: 'owner', text: 'Conferimos: o item está no anexo de substituição tributária, segmento de bebidas.' },
      {
        by: 'owner',
        text: 'Use o CEST indicado na regra fiscal do NCM; a alíquota de ST já considera o FCP.',
        knowledgeBase: true,
      },
      { by: 'member', text: 'Perfeito, obrigado! Pode finalizar.' },
    ],
  },
  {
    companyDocument: '11222333000181',
    title: 'Alíquota de PIS/COFINS monofásico',
    about: ['CERVEJA', 'REFRIGERANTE'],
    description: 'A regra aplicada zerou PIS e COFINS na saída. Esse produto é realmente monofásico?',
    daysAgo: 2,
    comments: [
      {
        by: 'contributor',
        text: 'Sim: o NCM está na lista de tributação concentrada, a revenda tem alíquota zero.',
        knowledgeBase: true,
      },
      { by: 'member', text: 'Entendido. E na entrada, o CST deve ser 70?' },
    ],
  },
  {
    companyDocument: '11222333000181',
    title: 'NCM divergente do fornecedor',
    about: ['BISCOITO', 'MAIONESE'],
    description: 'O XML do fornecedor traz outro NCM para o mesmo GTIN. Qual devemos manter no cadastro?',
    daysAgo: 0,
    comments: [],
  },
  {
    companyDocument: '45997418000153',
    title: 'Redução de base de cálculo em MG',
    about: ['ACUCAR', 'ARROZ', 'FEIJAO'],
    description: 'Existe redução de base de cálculo do ICMS para este item nas vendas internas em Minas Gerais?',
    daysAgo: 1,
    comments: [{ by: 'member', text: 'Anexei a consulta do fornecedor no e-mail enviado ontem.' }],
  },
  {
    companyDocument: '19131243000197',
    member: 'joao@cliente.demo',
    title: 'PIS/COFINS na revenda de medicamento',
    about: ['DIPIRONA', 'PARACETAMOL', 'AMOXICILINA'],
    description: 'O ERP calcula PIS e COFINS de 9,25% na venda deste medicamento. Está certo para uma farmácia?',
    daysAgo: 3,
    comments: [
      {
        by: 'owner',
        text: 'Não: o NCM está na lista positiva da Lei 10.147/2000 (tributação monofásica). O fabricante recolheu; a farmácia revende com alíquota zero, CST 04 na saída.',
        knowledgeBase: true,
      },
      { by: 'member', text: 'Corrigimos o CST no ERP. Obrigado!' },
    ],
  },
];

/**
 * Tickets for the demo (idempotent: only when the demo companies have none yet), each about the Classified
 * product its question fits (a beverage for ST, a medicine for monofásico: issue 13) of the Alfa companies
 * (Maria's and João's), answered by the Alfa staff; statuses follow the rules of spec 02 §4.
 */
export async function seedDemoTickets(db: Db): Promise<void> {
  const people = (
    await db.execute<{ id: string; email: string }>(sql`
      SELECT id, email FROM users
       WHERE email IN ('maria@cliente.demo', 'joao@cliente.demo', 'olga@alfa.demo', 'caio@alfa.demo')`)
  ).rows;
  const idOf = (email: string) => people.find((p) => p.email === email)?.id;
  const member = idOf('maria@cliente.demo');
  const owner = idOf('olga@alfa.demo');
  const contributor = idOf('caio@alfa.demo');
  if (!member || !owner || !contributor) return;
  const used: string[] = [];
  const documents = [...new Set(demoTickets.map((t) => t.companyDocument))];
  const existing = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM tickets t JOIN companies c ON c.id = t.company_id
    WHERE c.document IN (${sql.join(
      documents.map((d) => sql`${d}`),
      sql`, `,
    )})`);
  if ((existing.rows[0]?.n ?? 0) > 0) return;
  for (const t of demoTickets) {
    const asker = t.member ? idOf(t.member) : member;
    if (!asker) continue;
    const authors = { member: asker, owner, contributor };
    // the product the question is about; a different one for each ticket
    const [product] = (
      await db.execute<{
        id: string;
        companyId: string;
        partnerId: string;
        code: string;
        description: string;
        gtin: string | null;
      }>(sql`
        SELECT p.id, p.company_id AS "companyId", c.partner_id AS "partnerId", p.internal_code AS code,
          p.description, p.gtin
        FROM companies c JOIN products p ON p.company_id = c.id
        WHERE c.document = ${t.companyDocument} AND p.status = 'F' AND p.gtin IS NOT NULL
          AND NOT (p.id::text = ANY(${`{${used.join(',')}}`}::text[]))
        ORDER BY p.description LIKE ANY(${`{${t.about.map((a) => `${a}%`).join(',')}}`}::text[]) DESC,
          p.internal_code
        LIMIT 1`)
    ).rows;
    if (!product) continue;
    used.push(product.id);
    const createdAt = new Date(Date.now() - t.daysAgo * 86_400_000 - 3_600_000);
    const [row] = await db
      .insert(tickets)
      .values({
        partnerId: product.partnerId,
        companyId: product.companyId,
        productId: product.id,
        productCode: product.code,
        productDescription: product.description,
        gtin: product.gtin,
        title: t.title,
        description: t.description,
        status: t.closed ? 'Closed' : t.comments.length >= 2 ? 'Pending' : 'Open',
        commentCount: t.comments.length,
        createdBy: authors.member,
        createdAt,
        closedAt: t.closed ? new Date() : null,
        closedBy: t.closed ? authors.member : null,
      })
      .returning({ id: tickets.id });
    for (const [i, c] of t.comments.entries()) {
      await db.insert(ticketComments).values({
        ticketId: row!.id,
        companyId: product.companyId,
        text: c.text,
        type: c.knowledgeBase ? 'KnowledgeBase' : 'Normal',
        createdBy: authors[c.by],
        createdAt: new Date(createdAt.getTime() + (i + 1) * 2_700_000),
      });
    }
  }
}
