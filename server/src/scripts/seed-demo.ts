/**
 * Demo data, never loaded automatically: `npm run seed:demo`. Idempotent — running it again refreshes the demo
 * users' passwords and adds what is missing. Works with the server running (it connects to the same database).
 */
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { createCompany, createPartner, createUser, linkMemberToCompany } from '../db/factories.js';
import { openDatabase } from '../db/open-database.js';
import { companies, partners, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/password.js';
import { serverUrlFor, signInLink } from '../lib/server-url.js';
import { loadBundledReferenceTables } from '../modules/reference/loaders/load-reference-tables.js';
import { seedDemoCatalogue } from './seed-demo-catalogue.js';
import { seedDemoClassification } from './seed-demo-classification.js';
import { seedDemoClassifying } from './seed-demo-classifying.js';
import { seedDemoDocuments } from './seed-demo-documents.js';
import { seedDemoFiscal } from './seed-demo-fiscal.js';
import { seedDemoHealth } from './seed-demo-health.js';
import { seedDemoIntegrations } from './seed-demo-integrations.js';
import { seedDemoOversight } from './seed-demo-oversight.js';
import { seedDemoSimulation } from './seed-demo-simulation.js';
import { seedDemoTickets } from './seed-demo-tickets.js';

const PASSWORD = 'Demo@2026';

interface DemoCompany {
  document: string;
  razaoSocial: string;
  nomeFantasia: string;
  uf: string;
  status: 'Pending' | 'Active' | 'Blocked';
  crt?: string;
  regimeTributario?: string;
  cnae?: string;
}

const demoPartners = [
  {
    partner: {
      name: 'Alfa Contabilidade',
      nameDomain: 'alfa.localhost',
      displayName: 'Alfa Contabilidade',
      displayNameShort: 'Alfa',
    },
    staff: [
      { name: 'Olga Proprietária', email: 'olga@alfa.demo', role: 'PartnerOwner' as const },
      { name: 'Caio Colaborador', email: 'caio@alfa.demo', role: 'PartnerContributor' as const },
    ],
    companies: [
      {
        document: '11222333000181',
        razaoSocial: 'MERCADINHO BOA VISTA LTDA',
        nomeFantasia: 'MERCADINHO BOA VISTA',
        uf: 'SP',
        status: 'Active',
        // Retail supermarket (CNAE 4711-3/02): commerce, not an IPI taxpayer (the reform simulation reads it).
        cnae: '4711302',
      },
      {
        document: '45997418000153',
        razaoSocial: 'DISTRIBUIDORA SERRA AZUL LTDA',
        nomeFantasia: 'SERRA AZUL',
        uf: 'MG',
        status: 'Active',
        crt: 'RegimeNormal',
        regimeTributario: 'LucroPresumido',
      },
      {
        document: '19131243000197',
        razaoSocial: 'FARMACIA CENTRAL EIRELI',
        nomeFantasia: 'FARMACIA CENTRAL',
        uf: 'RJ',
        status: 'Pending',
      },
      {
        document: '60701190000104',
        razaoSocial: 'AUTO PECAS ANTIGAS LTDA',
        nomeFantasia: 'AUTO PECAS ANTIGAS',
        uf: 'SP',
        status: 'Blocked',
      },
      // Just registered: no user has access yet and no product, so the companies list shows the "em uso"
      // warning on the others only (issue 13). Its catalogue is not seeded (seed-demo-catalogue.ts).
      {
        document: '34128756000132',
        razaoSocial: 'EMPORIO SAO BENTO LTDA',
        nomeFantasia: 'EMPORIO SAO BENTO',
        uf: 'SP',
        status: 'Pending',
      },
    ] satisfies DemoCompany[],
    members: [
      { name: 'Maria Membro', email: 'maria@cliente.demo', companies: [0, 1, 3] },
      { name: 'João Membro', email: 'joao@cliente.demo', companies: [2] },
      // View-only ('Visualizar' alone, issue 38): the screens without import, export, integrations or edits.
      { name: 'Vera Visualização', email: 'vera@cliente.demo', companies: [0, 1], permissions: ['Read' as const] },
    ],
  },
  {
    partner: {
      name: 'Beta Consultoria Fiscal',
      nameDomain: 'beta.localhost',
      displayName: 'Beta Consultoria Fiscal',
      displayNameShort: 'Beta',
    },
    staff: [
      { name: 'Bruno Proprietário', email: 'bruno@beta.demo', role: 'PartnerOwner' as const },
      { name: 'Bia Colaboradora', email: 'bia@beta.demo', role: 'PartnerContributor' as const },
    ],
    companies: [
      {
        document: '07526557000100',
        razaoSocial: 'SUPERMERCADO PAMPA LTDA',
        nomeFantasia: 'PAMPA SUPERMERCADOS',
        uf: 'RS',
        status: 'Active',
        crt: 'RegimeNormal',
        regimeTributario: 'LucroReal',
      },
      {
        document: '28195667000106',
        razaoSocial: 'MATERIAIS NORDESTE LTDA',
        nomeFantasia: 'MATERIAIS NORDESTE',
        uf: 'PE',
        status: 'Pending',
      },
    ] satisfies DemoCompany[],
    members: [{ name: 'Pedro Membro', email: 'pedro@cliente.demo', companies: [0, 1] }],
  },
];

async function upsertUser(
  db: Db,
  input: {
    name: string;
    email: string;
    role: 'Admin' | 'PartnerOwner' | 'PartnerContributor' | 'Member';
    partnerId: string | null;
    permissions?: ('Create' | 'Read' | 'Delete' | 'Import' | 'Export')[];
  },
) {
  const [existing] = await db.select().from(users).where(eq(users.email, input.email));
  if (existing) {
    await db
      .update(users)
      .set({
        passwordHash: await hashPassword(PASSWORD),
        status: 'Active',
        ...(input.permissions ? { permissions: input.permissions } : {}),
      })
      .where(eq(users.id, existing.id));
    return existing;
  }
  return createUser(db, { ...input, password: PASSWORD });
}

async function main() {
  const config = loadConfig();
  const opened = await openDatabase(config, { allowRunning: true });
  const db = opened.database.db;
  await loadBundledReferenceTables(opened.database.pool);
  const printed: string[][] = [];
  try {
    for (const demo of demoPartners) {
      const [found] = await db.select().from(partners).where(eq(partners.nameDomain, demo.partner.nameDomain));
      const partner = found ?? (await createPartner(db, demo.partner));
      for (const s of demo.staff) {
        await upsertUser(db, { ...s, partnerId: partner.id });
        printed.push([s.email, s.role, partner.displayNameShort]);
      }
      const companyIds: string[] = [];
      for (const c of demo.companies) {
        const [existing] = await db.select().from(companies).where(eq(companies.document, c.document));
        const row =
          existing ??
          (await createCompany(db, {
            partnerId: partner.id,
            ...c,
            ...(c.crt
              ? { crt: c.crt, regimeTributario: c.regimeTributario, codigoFaixaEnquadramento: c.regimeTributario }
              : {}),
          }));
        companyIds.push(row.id);
      }
      for (const m of demo.members) {
        const user = await upsertUser(db, {
          name: m.name,
          email: m.email,
          role: 'Member',
          partnerId: partner.id,
          ...('permissions' in m ? { permissions: m.permissions } : {}),
        });
        for (const i of m.companies) await linkMemberToCompany(db, user.id, companyIds[i]!);
        printed.push([m.email, 'permissions' in m ? 'Member (só visualizar)' : 'Member', partner.displayNameShort]);
      }
    }
    await seedDemoFiscal(db);
    await seedDemoCatalogue(db);
    await seedDemoOversight(db);
    await seedDemoClassifying(db);
    await seedDemoTickets(db);
    await seedDemoHealth(db);
    await seedDemoClassification(db);
    await seedDemoSimulation(db);
    await seedDemoDocuments(db);
    await seedDemoIntegrations(db);
  } finally {
    await opened.close();
  }
  console.log(`\nDados de demonstração prontos. Senha de todos os usuários abaixo: ${PASSWORD}\n`);
  for (const [email, role, partner] of printed) console.log(`  ${email!.padEnd(24)} ${role!.padEnd(20)} ${partner}`);
  console.log(`\nEntre em ${signInLink(serverUrlFor(process.env, config))} com um desses e-mails.`);
}

main().catch((err) => {
  console.error('Falha ao criar os dados de demonstração:', err instanceof Error ? err.message : err);
  process.exit(1);
});
