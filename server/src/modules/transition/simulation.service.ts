import {
  isIpiTaxpayerByCnae,
  listTransitionYears,
  type TSimulation,
  type TSimulationProduct,
  type TSimulationProductsPage,
  type TSimulationProductsQuery,
  type TSimulationProductYears,
  type TSimulationStart,
  type TTaxTransitionRequest,
  type TTransitionYear,
  todayInBrazil,
  type Uf,
  ZTransitionYear,
} from '@app/contract';
import { DEFAULT_TRANSITION_DAY, findSimplesDas, transitionBurdenFields } from '@app/tax-engine';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { findAccessibleCompany, findUsableCompany } from '../../lib/company-access.js';
import { type FailureLog, logFailure, stderrLog } from '../../lib/failure-reference.js';
import { loadStAgreements } from '../st-agreements/st-agreements.read.js';
import { findAnnexIgnoredByProduct } from '../tax/health/health.repository.js';
import { findComputedYears } from './computed-years.js';
import { AUDIT_SIMULATION_STARTED } from './simulation.codes.js';
import * as repo from './simulation.repository.js';
import { createRunCache, type RunSettings, simulateRule } from './simulation-rule.js';
import { calculateItemTransition } from './transition.service.js';

/** Rules computed between two progress reports, and products written per statement. */
const RULE_BATCH = 100;
const PRODUCT_PAGE = 20_000;
/** The job expires after 15 min and is retried twice: a run older than an hour is lost, not in progress. */
const STALE_AFTER_MS = 60 * 60_000;
const DEFAULT_VPROD = '1000.00';

export function toSimulation(row: repo.SimulationRow): TSimulation {
  const steps = row.rulesTotal + row.productsTotal;
  const done = row.rulesDone + row.productsDone;
  return {
    id: row.id,
    companyId: row.companyId,
    ufDestino: row.ufDestino,
    comprador: row.comprador,
    selecao: row.selecao,
    busca: row.busca,
    produtosEscolhidos: row.productIds?.length ?? null,
    anoInicial: row.anoInicial,
    anoFinal: row.anoFinal,
    diaMes: row.diaMes,
    vProd: row.vProd,
    rbt12: row.rbt12,
    faixaSimples: row.rbt12 === null ? null : findSimplesDas(row.rbt12).faixa,
    contribuinteIpi: row.contribuinteIpi,
    status: row.status,
    progresso: row.status === 'Done' ? 100 : steps === 0 ? 0 : Math.floor((done * 100) / steps),
    produtos: row.productsTotal,
    produtosProcessados: row.productsDone,
    produtosRecusados: row.productsRefused,
    // Through the schema: totals of runs before decision 061 get the newer fields' defaults.
    totais: row.totais === null ? null : (ZTransitionYear.array().parse(row.totais) as TTransitionYear[]),
    erro: row.erro,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A year the engine does not compute yet refuses the run before it is queued, naming the year. */
function checkYearsComputed(anos: number[]): void {
  const computed = new Set(findComputedYears());
  const missing = anos.find((a) => !computed.has(a));
  if (missing === undefined) return;
  const message = `Ano ${missing}: o motor tributário ainda não calcula este ano.`;
  throw new AppError('VALIDATION', message, [{ field: 'anoFinal', message }]);
}

/** Companies whose burden is the DAS (CRT 1 and 2). */
const isSimples = (crt: string) => crt === 'SimplesNacional' || crt === 'SNComExcessoSublimiteDeReceitaBruta';

/** Queues a simulation of the company's catalogue; one at a time per company (a second start answers 409). */
export async function startSimulation(
  db: Db,
  actor: Actor,
  companyId: string,
  body: TSimulationStart,
  enqueue: (simulationId: string, tx: Tx) => Promise<unknown>,
): Promise<TSimulation> {
  const company = await findUsableCompany(db, actor, companyId);
  const anos = listTransitionYears(body);
  checkYearsComputed(anos);
  // The DAS depends on the bracket, which the company record does not hold: the run asks for the RBT12.
  if (isSimples(company.crt) && body.rbt12 === undefined) {
    const message = 'RBT12: a empresa é do Simples Nacional; informe a receita bruta dos últimos 12 meses.';
    throw new AppError('VALIDATION', message, [{ field: 'rbt12', message }]);
  }
  const row = await db.transaction(async (tx) => {
    // The company row lock serialises two starts racing past the in-progress check.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, company.id)).for('update');
    const active = await repo.findLatestActive(tx, company.id);
    if (active && Date.now() - active.createdAt.getTime() < STALE_AFTER_MS) throw new AppError('SIMULATION_RUNNING');
    const sim = await repo.insertSimulation(tx, {
      companyId: company.id,
      userId: actor.id,
      ufDestino: body.ufDestino,
      comprador: body.comprador,
      selecao: body.selecao,
      productIds: body.selecao === 'selecao' ? [...new Set(body.productIds)] : null,
      busca: body.selecao === 'busca' ? (body.busca ?? null) : null,
      anoInicial: anos[0]!,
      anoFinal: anos[anos.length - 1]!,
      diaMes: body.diaMes ?? DEFAULT_TRANSITION_DAY,
      vProd: String(body.vProd ?? DEFAULT_VPROD),
      rbt12: isSimples(company.crt) ? String(body.rbt12) : null,
      contribuinteIpi: body.contribuinteIpi ?? isIpiTaxpayerByCnae(company.cnae),
    });
    await recordAudit(tx, {
      code: AUDIT_SIMULATION_STARTED,
      actor,
      partnerId: company.partnerId,
      companyId: company.id,
      entityId: sim.id,
    });
    await enqueue(sim.id, tx);
    return sim;
  });
  return toSimulation(row);
}

/**
 * The job's work. Rules first (each distinct rule of the selection once, in batches that report progress),
 * then the products in keyset pages written by SQL from the rules' results; totals last. Memory holds one
 * batch of rules and the shared reference facts, whatever the catalogue's size.
 */
export async function runSimulation(db: DbOrTx, simulationId: string, log: FailureLog = stderrLog): Promise<void> {
  const sim = await repo.findSimulation(db, simulationId);
  if (!sim || sim.status === 'Done') return;
  const [company] = await db.select().from(companies).where(eq(companies.id, sim.companyId));
  if (!company) return;
  try {
    await repo.deleteOutcomes(db, sim.id);
    const scope = repo.scopeSql(sim, company.uf);
    const groups = await repo.countProductsByRule(db, scope);
    await repo.updateSimulation(db, sim.id, {
      status: 'Running',
      startedAt: new Date(),
      rulesTotal: groups.length,
      rulesDone: 0,
      productsTotal: groups.reduce((n, g) => n + g.products, 0),
      productsDone: 0,
      productsRefused: 0,
      erro: null,
    });
    // The sale is today's rules carried through the years, so the agreements are those in force today, as in the
    // operations query (decision 065); one read per run, not per rule.
    const stDate = todayInBrazil();
    const stAgreements =
      sim.ufDestino === company.uf
        ? []
        : await loadStAgreements(db, { ufOrigem: company.uf, ufDestino: sim.ufDestino, date: stDate });
    const run: RunSettings = {
      companyUf: company.uf as Uf,
      companyCrt: company.crt,
      ufDestino: sim.ufDestino as Uf,
      buyer: sim.comprador,
      vProd: sim.vProd,
      anos: listTransitionYears({ anoInicial: sim.anoInicial, anoFinal: sim.anoFinal }),
      diaMes: sim.diaMes,
      empresa: sellerOf(sim),
      stAgreements,
      stDate,
    };
    const cache = createRunCache();
    for (let i = 0; i < groups.length; i += RULE_BATCH) {
      const batch = groups.slice(i, i + RULE_BATCH);
      // The batch's rules and their destination siblings in two statements, not two per rule.
      const views = await repo.findCurrentViews(
        db,
        batch.map((g) => g.ruleId),
      );
      const siblings =
        run.ufDestino === run.companyUf
          ? views
          : await repo.findSiblingViews(
              db,
              [...views.values()].map((v) => v.rule),
              run.ufDestino,
            );
      const outcomes = [];
      for (const g of batch) {
        const view = views.get(g.ruleId);
        const sibling = !view
          ? undefined
          : run.ufDestino === run.companyUf
            ? view
            : siblings.get(repo.siblingKey(view.rule));
        outcomes.push(await simulateRule(db, { ...g, view, sibling }, run, cache));
      }
      await repo.insertRuleOutcomes(db, sim.id, outcomes);
      await repo.addProgress(db, sim.id, { rules: batch.length });
    }
    let afterCode: string | null = null;
    for (;;) {
      const page = await repo.insertProductPage(db, sim, scope, afterCode, PRODUCT_PAGE);
      if (page.count === 0) break;
      await repo.addProgress(db, sim.id, { products: page.count, refused: page.refused });
      afterCode = page.lastCode;
      if (page.count < PRODUCT_PAGE) break;
    }
    const totais = await repo.sumYearTotals(db, sim.id, [...transitionBurdenFields, 'vCBSIBSCompensado', 'vNaoDevido']);
    await repo.updateSimulation(db, sim.id, { status: 'Done', totais, finishedAt: new Date() });
  } catch (err) {
    // The cause (possibly a driver's text) is logged under a reference; the user reads the reference only.
    const reference = logFailure(log, err, { simulationId: sim.id }, 'simulação da transição: falhou');
    await repo.updateSimulation(db, sim.id, {
      status: 'Failed',
      erro: `A simulação falhou (referência ${reference}). Tente novamente.`,
      finishedAt: new Date(),
    });
    throw err;
  }
}

/** The seller as the engine takes it: the run's RBT12 (Simples Nacional) and whether it pays IPI. */
const sellerOf = (sim: repo.SimulationRow) => ({
  ...(sim.rbt12 === null ? {} : { rbt12: sim.rbt12 }),
  contribuinteIpi: sim.contribuinteIpi,
});

/** The run, if the actor may see its company (a foreign run reads as an unknown one). */
async function findVisibleSimulation(db: DbOrTx, actor: Actor, id: string) {
  const sim = await repo.findSimulation(db, id);
  if (!sim) throw new AppError('SIMULATION_NOT_FOUND');
  try {
    await findAccessibleCompany(db, actor, sim.companyId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'COMPANY_NOT_FOUND') throw new AppError('SIMULATION_NOT_FOUND');
    throw err;
  }
  return sim;
}

export async function getSimulation(db: DbOrTx, actor: Actor, id: string): Promise<TSimulation> {
  return toSimulation(await findVisibleSimulation(db, actor, id));
}

export async function listSimulations(db: DbOrTx, actor: Actor, companyId: string): Promise<TSimulation[]> {
  const company = await findAccessibleCompany(db, actor, companyId);
  return (await repo.findSimulations(db, company.id, 20)).map(toSimulation);
}

const toProduct = (r: repo.SimulationProductRow): TSimulationProduct => ({
  productId: r.productId,
  internalCode: r.internalCode,
  description: r.description,
  ncm: r.ncm,
  pCargaInicial: r.pCargaInicial,
  pCargaFinal: r.pCargaFinal,
  variacao: r.variacao,
  erro: r.erro,
});

/** The run's products, the largest rise of load first. */
export async function listSimulationProducts(
  db: DbOrTx,
  actor: Actor,
  id: string,
  q: TSimulationProductsQuery,
): Promise<TSimulationProductsPage> {
  const sim = await findVisibleSimulation(db, actor, id);
  if (sim.status !== 'Done') throw new AppError('SIMULATION_NOT_DONE');
  const rows = await repo.findProductPage(db, sim.id, q.pageSize, (q.page - 1) * q.pageSize, q.recusados);
  const total = q.recusados ? sim.productsRefused : sim.productsTotal;
  const marks = rows.length
    ? await findAnnexIgnoredByProduct(
        db,
        sim.companyId,
        rows.map((r) => r.productId),
      )
    : new Map();
  const items = rows.map((r) => {
    const mark = marks.get(r.productId);
    return {
      ...toProduct(r),
      anexoIgnorado: mark ? { detalhe: mark.detail, cClassTribProposto: mark.proposed } : null,
    };
  });
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/** One product's years with the memória: the item its rule gave in this run, through POST /tax/transition's path. */
export async function getSimulationProductYears(
  db: DbOrTx,
  actor: Actor,
  id: string,
  productId: string,
): Promise<TSimulationProductYears> {
  const sim = await findVisibleSimulation(db, actor, id);
  const row = await repo.findSimulationProduct(db, sim.id, productId);
  if (!row) throw new AppError('NOT_FOUND', 'Produto não encontrado nesta simulação.');
  const item = row.item as Omit<TTaxTransitionRequest, 'anoInicial' | 'anoFinal' | 'diaMes'> | null;
  if (!item || row.erro) return { product: toProduct(row), item: null, anos: [] };
  const period = { anoInicial: sim.anoInicial, anoFinal: sim.anoFinal, diaMes: sim.diaMes };
  const request = { ...item, ...period, empresa: sellerOf(sim) };
  const { anos } = await calculateItemTransition(db, request);
  return { product: toProduct(row), item: request, anos };
}

/** The run as an export needs it (access checked, finished). */
export async function findExportableSimulation(db: DbOrTx, actor: Actor, id: string) {
  const sim = await findVisibleSimulation(db, actor, id);
  if (sim.status !== 'Done') throw new AppError('SIMULATION_NOT_DONE');
  return toSimulation(sim);
}
