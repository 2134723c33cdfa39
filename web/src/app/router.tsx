import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
// The first page of every visit is in the first chunk: the libraries it uses are then the first chunk's,
// and the signed-in pages' libraries can be grouped without the login page loading them (code-splitting.ts).
import LoginPage from '../features/auth/routes/login-page';
import { FocusOnRouteChange } from './focus-on-route-change';
import { CompanyGuard, guardedPath, PartnerGuard, RoleGuard } from './guards';
import { paths } from './paths';

// Each area's pages load on demand. lazy() runs once per page at module level: calling it during
// render would make a new component type on every render and remount the page.
type Load = () => Promise<{ default: ComponentType }>;
const page = (load: Load) => lazy(load);

const loadMemberLayout: Load = () => import('./layouts/member-layout');
const loadPartnerLayout: Load = () => import('./layouts/partner-layout');
const loadMemberCompanies: Load = () => import('../features/companies/routes/member-companies-page');
const loadPartnerCompanies: Load = () => import('../features/companies/routes/partner-companies-page');
const loadUsers: Load = () => import('../features/users/routes/users-page');
const loadFiscalRules: Load = () => import('../features/fiscal-rules/routes/fiscal-rules-page');
const loadProductsHome: Load = () => import('../features/products/routes/products-home');
const loadProductsImport: Load = () => import('../features/products/routes/import-page');
const loadProductsExport: Load = () => import('../features/products/routes/export-page');
const loadDashboard: Load = () => import('../features/dashboard/routes/dashboard-page');
const loadIndicators: Load = () => import('../features/indicators/routes/indicators-page');
const loadLogs: Load = () => import('../features/logs/routes/logs-page');
const loadReformRates: Load = () => import('../features/reform-rates/routes/reform-rates-page');
const loadStAgreements: Load = () => import('../features/st-agreements/routes/st-agreements-page');
const loadTickets: Load = () => import('../features/tickets/routes/tickets-page');
const loadHealth: Load = () => import('../features/catalogue-health/routes/health-page');
const loadSimulation: Load = () => import('../features/transition-simulation/routes/simulation-page');
const loadNfeValidation: Load = () => import('../features/nfe-validation/routes/nfe-validation-page');
const loadDocuments: Load = () => import('../features/company-documents/routes/documents-page');
const loadGlobalProducts: Load = () => import('../features/global-products/routes/global-products-page');
const loadFinalizedProducts: Load = () => import('../features/global-products/routes/finalized-products-page');
const loadPendingProducts: Load = () => import('../features/pending-products/routes/pending-products-page');
const loadIntegrations: Load = () => import('../features/integrations/routes/integrations-page');

const IconsPage = page(() => import('../features/shell/routes/icons-page'));
const NotFoundPage = page(() => import('../features/shell/routes/not-found-page'));
const MemberLayout = page(loadMemberLayout);
const PartnerLayout = page(loadPartnerLayout);
const MemberCompaniesPage = page(loadMemberCompanies);
const PartnerCompaniesPage = page(loadPartnerCompanies);
const UsersPage = page(loadUsers);
const FiscalRulesPage = page(loadFiscalRules);
const ProductsHomePage = page(loadProductsHome);
const ProductsImportPage = page(loadProductsImport);
const ProductsExportPage = page(loadProductsExport);
const DashboardPage = page(loadDashboard);
const IndicatorsPage = page(loadIndicators);
const LogsPage = page(loadLogs);
const ReformRatesPage = page(loadReformRates);
const StAgreementsPage = page(loadStAgreements);
const TicketsPage = page(loadTickets);
const HealthPage = page(loadHealth);
const SimulationPage = page(loadSimulation);
const NfeValidationPage = page(loadNfeValidation);
const DocumentsPage = page(loadDocuments);
const GlobalProductsPage = page(loadGlobalProducts);
const FinalizedProductsPage = page(loadFinalizedProducts);
const PendingProductsPage = page(loadPendingProducts);
const IntegrationsPage = page(loadIntegrations);

/** The page chunk of each signed-in address (the layout is the area's). */
const pageLoads: Record<string, Load> = {
  '/member/companies': loadMemberCompanies,
  '/member/home': loadProductsHome,
  '/member/products/import': loadProductsImport,
  '/member/products/export': loadProductsExport,
  '/member/products/health': loadHealth,
  '/member/products/simulation': loadSimulation,
  '/member/products/nfe-validation': loadNfeValidation,
  '/member/products/documents': loadDocuments,
  '/member/products/global': loadGlobalProducts,
  '/member/company/indicators': loadIndicators,
  '/member/tickets': loadTickets,
  '/partner/home': loadDashboard,
  '/partner/products/global': loadGlobalProducts,
  '/partner/products/global/finalized': loadFinalizedProducts,
  '/partner/products/global/pending': loadPendingProducts,
  '/partner/users': loadUsers,
  '/partner/companies': loadPartnerCompanies,
  '/partner/tickets': loadTickets,
  '/partner/fiscal-rules': loadFiscalRules,
  '/partner/logs': loadLogs,
  '/partner/reform-rates': loadReformRates,
  '/partner/st-agreements': loadStAgreements,
  '/partner/simulation': loadSimulation,
  '/member/integrations': loadIntegrations,
  '/partner/integrations': loadIntegrations,
};

/**
 * A signed-in first visit (a reload, a bookmark, a link opened in a new tab) would fetch the area's
 * layout chunk, render it, and only then ask for the page's chunk: two rounds of ~40 files each over
 * HTTP/1.1's six connections. Both start at once instead; lazy() later finds the modules loaded. The
 * sign-in does the same for its landing page. Only the page the guards will show is preloaded.
 */
export function preloadLanding(pathname: string): Load[] {
  const path = guardedPath(pathname.replace(/\/+$/, ''));
  const pageLoad = pageLoads[path];
  if (!pageLoad) return [];
  const loads = [path.startsWith('/member/') ? loadMemberLayout : loadPartnerLayout, pageLoad];
  for (const load of loads) load().catch(() => undefined); // a failed preload is retried by lazy()
  return loads;
}

const fallback = (
  <Center h="50vh">
    <Loader />
  </Center>
);

export function AppRouter() {
  return (
    <BrowserRouter>
      <FocusOnRouteChange />
      <Suspense fallback={fallback}>
        <Routes>
          <Route path="/" element={<Navigate to={paths.login} replace />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/login/:userId" element={<LoginPage />} />
          <Route path="/icons" element={<IconsPage />} />
          <Route
            path="/member"
            element={
              <RoleGuard>
                <MemberLayout />
              </RoleGuard>
            }
          >
            <Route index element={<Navigate to={paths.member.companies} replace />} />
            <Route path="companies" element={<MemberCompaniesPage />} />
            <Route element={<CompanyGuard />}>
              <Route path="home" element={<ProductsHomePage />} />
              <Route path="products/import" element={<ProductsImportPage />} />
              <Route path="products/export" element={<ProductsExportPage />} />
              <Route path="products/health" element={<HealthPage />} />
              <Route path="products/simulation" element={<SimulationPage />} />
              <Route path="products/nfe-validation" element={<NfeValidationPage />} />
              <Route path="products/documents" element={<DocumentsPage />} />
              <Route path="products/global" element={<GlobalProductsPage />} />
              <Route path="company/indicators" element={<IndicatorsPage />} />
              <Route path="tickets" element={<TicketsPage />} />
              <Route path="integrations" element={<IntegrationsPage />} />
            </Route>
          </Route>
          <Route
            path="/partner"
            element={
              <RoleGuard>
                <PartnerGuard>
                  <PartnerLayout />
                </PartnerGuard>
              </RoleGuard>
            }
          >
            <Route index element={<Navigate to={paths.partner.home} replace />} />
            <Route path="home" element={<DashboardPage />} />
            <Route path="products/global" element={<GlobalProductsPage />} />
            <Route path="products/global/finalized" element={<FinalizedProductsPage />} />
            <Route path="products/global/pending" element={<PendingProductsPage />} />
            <Route path="users" element={<UsersPage />} />
            <Route path="companies" element={<PartnerCompaniesPage />} />
            <Route path="tickets" element={<TicketsPage />} />
            <Route path="fiscal-rules" element={<FiscalRulesPage />} />
            <Route path="logs" element={<LogsPage />} />
            <Route path="reform-rates" element={<ReformRatesPage />} />
            <Route path="st-agreements" element={<StAgreementsPage />} />
            <Route path="simulation" element={<SimulationPage />} />
            <Route path="integrations" element={<IntegrationsPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
