import { z } from 'zod';
import { ZIsoDate, ZUuid } from './common.js';

/** Oversight (issue 12): partner dashboard, company indicators and log export (spec 01 §2–§3, spec 02 §5/§7). */

const ZCount = z.number().int();
/** One point of a dated series: the period's first day (YYYY-MM-DD) and its amount. */
export const ZDatedAmount = z.object({ date: z.string(), amount: ZCount });
export type TDatedAmount = z.infer<typeof ZDatedAmount>;

export const ZDashboardCompany = z.object({
  companyId: z.string(),
  document: z.string(),
  companyRazaoSocial: z.string(),
  companyNomeFantasia: z.string(),
  pendings: ZCount,
  inAudits: ZCount,
  returneds: ZCount,
  /** Products in status Error (issue 24): shown, so the statuses add up to `amount`. */
  errors: ZCount,
  amount: ZCount,
});
export type TDashboardCompany = z.infer<typeof ZDashboardCompany>;

const ZChecked = z.object({ checked: ZCount, unchecked: ZCount });

/** GET /users/partners/dashboard (spec 01 §3 "Partner dashboard data"). Series: 30 days, 12 weeks, 12 months. */
export const ZDashboard = z.object({
  totalProducts: ZCount,
  /** The statuses add up to totalProducts (errors: status Error, issue 24). */
  products: z.object({ pendings: ZCount, inAudit: ZCount, refundeds: ZCount, classified: ZCount, errors: ZCount }),
  newProducts: z.object({ day: z.array(ZDatedAmount), week: z.array(ZDatedAmount), month: z.array(ZDatedAmount) }),
  classification: z.object({
    finishedsByDay: z.array(ZDatedAmount),
    finishedsByWeek: z.array(ZDatedAmount),
    finishedsByMonth: z.array(ZDatedAmount),
  }),
  tickets: z.object({ open: ZCount, pending: ZCount, closed: ZCount }),
  fiscalRules: ZChecked,
  productFiscalRules: ZChecked,
  companies: z.array(ZDashboardCompany),
});
export type TDashboard = z.infer<typeof ZDashboard>;

export const ZIndicatorsQuery = z.object({ companyId: ZUuid });

/** GET /companies/indicators/common (spec 01 §3 "Indicators response"). */
export const ZIndicators = z.object({
  companyIndicators: z.object({
    document: z.string(),
    razaoSocial: z.string(),
    nomeFantasia: z.string(),
    crt: z.string().nullable(),
    contribuinteICMS: z.boolean(),
    regimeEspecial: z.string().nullable(),
    regimeTributario: z.string().nullable(),
    fiscalService: z.string().nullable(),
    status: z.string(),
    codigoFaixaEnquadramento: z.string().nullable(),
    cnae: z.string().nullable(),
    uf: z.string().nullable(),
  }),
  productsIndicators: z.object({
    pending: ZCount,
    classified: ZCount,
    returned: ZCount,
    inAudit: ZCount,
    /** Status Error (issue 24): pending + classified + returned + inAudit + errors = amount. */
    errors: ZCount,
    amount: ZCount,
  }),
  classifyProductsHistIndicators: z.array(
    z.object({ id: z.string(), createdAt: z.string(), sent: ZCount, classified: ZCount }),
  ),
  consultProductsChangesHistIndicators: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      amount: ZCount,
      missing: ZCount,
      changed: ZCount,
      finished: ZCount,
    }),
  ),
});
export type TIndicators = z.infer<typeof ZIndicators>;

export const logModules = ['Users', 'Companies', 'Products'] as const;
export const ZLogModule = z.enum(logModules, { message: 'Categoria inválida: use Users, Companies ou Products.' });
export type TLogModule = z.infer<typeof ZLogModule>;
/** Code ranges of spec 02 §7. */
export const logModuleRanges: Record<TLogModule, [number, number]> = {
  Users: [1000, 1999],
  Companies: [2000, 2999],
  Products: [3000, 3999],
};
export const logModuleLabels: Record<TLogModule, string> = {
  Users: 'Usuários',
  Companies: 'Empresas',
  Products: 'Produtos',
};
export const moduleOfCode = (code: number): TLogModule | null =>
  logModules.find((m) => code >= logModuleRanges[m][0] && code <= logModuleRanges[m][1]) ?? null;

export const ZLogDescriptive = z.object({ code: z.number().int(), description: z.string() });
export const ZLogDescriptiveList = z.array(ZLogDescriptive);
export type TLogDescriptive = z.infer<typeof ZLogDescriptive>;

/**
 * GET /users/partners/logs/export. The period is optional in the schema so that its absence gets the
 * spec's own message (checkLogPeriod) instead of a generic "required".
 */
export const ZLogExportQuery = z.object({
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  module: ZLogModule,
  code: z.coerce.number({ message: 'Código inválido.' }).int({ message: 'Código inválido.' }).optional(),
});
export type TLogExportQuery = z.infer<typeof ZLogExportQuery>;

export const logMessages = {
  periodRequired: 'É preciso escolher um período para gerar a planilha de logs',
  futureDate: 'As datas não podem ser maiores que a data atual!',
  endBeforeStart: 'A data final não pode ser menor que a data inicial.',
  exported: 'Logs exportados com sucesso!',
  codeOutOfModule: 'O código escolhido não pertence à categoria escolhida.',
} as const;

export type LogPeriodProblem = 'periodRequired' | 'futureDate' | 'endBeforeStart' | null;

/** spec 02 §5, one rule for the screen and the server. Dates are YYYY-MM-DD; today in America/Sao_Paulo. */
export function checkLogPeriod(from: string | undefined | null, to: string | undefined | null, today: string) {
  if (!from || !to) return 'periodRequired' satisfies LogPeriodProblem;
  if (from > today || to > today) return 'futureDate' satisfies LogPeriodProblem;
  if (to < from) return 'endBeforeStart' satisfies LogPeriodProblem;
  return null;
}

/** Made once: building an Intl.DateTimeFormat took about 0.1 ms, a tenth of a tax calculation (issue 21). */
const brazilDateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

/** Today's date (YYYY-MM-DD) in the users' calendar. */
export function todayInBrazil(now: Date = new Date()): string {
  return brazilDateFormat.format(now);
}
