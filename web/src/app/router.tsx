import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { NotAvailablePage } from '../features/shell/routes/not-available-page';
import { CompanyGuard, PartnerGuard, RoleGuard } from './guards';
import { paths } from './paths';

// Each area's pages load on demand. lazy() runs once per page at module level: calling it during
// render would make a new component type on every render and remount the page.
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);
const LoginPage = page(() => import('../features/auth/routes/login-page'));
const IconsPage = page(() => import('../features/shell/routes/icons-page'));
const NotFoundPage = page(() => import('../features/shell/routes/not-found-page'));
const MemberLayout = page(() => import('./layouts/member-layout'));
const PartnerLayout = page(() => import('./layouts/partner-layout'));
const MemberCompaniesPage = page(() => import('../features/companies/routes/member-companies-page'));
const PartnerCompaniesPage = page(() => import('../features/companies/routes/partner-companies-page'));
const UsersPage = page(() => import('../features/users/routes/users-page'));
const FiscalRulesPage = page(() => import('../features/fiscal-rules/routes/fiscal-rules-page'));
const ProductsHomePage = page(() => import('../features/products/routes/products-home'));
const ProductsImportPage = page(() => import('../features/products/routes/import-page'));
const ProductsExportPage = page(() => import('../features/products/routes/export-page'));
const DashboardPage = page(() => import('../features/dashboard/routes/dashboard-page'));
const IndicatorsPage = page(() => import('../features/indicators/routes/indicators-page'));
const LogsPage = page(() => import('../features/logs/routes/logs-page'));
const TicketsPage = page(() => import('../features/tickets/routes/tickets-page'));
const HealthPage = page(() => import('../features/catalogue-health/routes/health-page'));
const GlobalProductsPage = page(() => import('../features/global-products/routes/global-products-page'));
const FinalizedProductsPage = page(() => import('../features/global-products/routes/finalized-products-page'));
const PendingProductsPage = page(() => import('../features/pending-products/routes/pending-products-page'));

const soon = (title: string): ReactNode => <NotAvailablePage title={title} />;
const fallback = (
  <Center h="50vh">
    <Loader />
  </Center>
);

export function AppRouter() {
  return (
    <BrowserRouter>
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
              <Route path="products/global" element={<GlobalProductsPage />} />
              <Route path="company/indicators" element={<IndicatorsPage />} />
              <Route path="tickets" element={<TicketsPage />} />
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
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
