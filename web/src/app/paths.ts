/** Every client route in one place (spec 01 §2 route table). */
export const paths = {
  login: '/login',
  loginLink: (id: string) => `/login/${id}`,
  icons: '/icons',
  member: {
    home: '/member/home',
    productsImport: '/member/products/import',
    productsExport: '/member/products/export',
    productsHealth: '/member/products/health',
    productsGlobal: '/member/products/global',
    indicators: '/member/company/indicators',
    tickets: '/member/tickets',
    companies: '/member/companies',
    integrations: '/member/integrations',
  },
  partner: {
    home: '/partner/home',
    productsGlobal: '/partner/products/global',
    productsFinalized: '/partner/products/global/finalized',
    productsPending: '/partner/products/global/pending',
    users: '/partner/users',
    companies: '/partner/companies',
    tickets: '/partner/tickets',
    fiscalRules: '/partner/fiscal-rules',
    logs: '/partner/logs',
    integrations: '/partner/integrations',
  },
} as const;
