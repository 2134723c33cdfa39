import {
  IconArrowsExchange,
  IconBuildingStore,
  IconChartPie,
  IconDatabase,
  IconDownload,
  IconFileCheck,
  IconFileDescription,
  IconGauge,
  IconGavel,
  IconHeartbeat,
  IconHome,
  IconListDetails,
  IconPackage,
  IconPercentage,
  IconPlugConnected,
  IconReportMoney,
  IconSwitchHorizontal,
  IconTicket,
  IconUpload,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { paths } from '../../../app/paths';
import type { Need } from '../../../lib/permissions';

export interface MenuItem {
  label: string;
  href: string;
  icon: ComponentType<{ size?: number }>;
  children?: { label: string; href: string; need?: Need }[];
  /** What the role needs for the item to be offered (the contract's permission map, issue 13). */
  need?: Need;
}

/** Member menu; everything but 'Trocar empresa' needs a selected company (spec 01 §2). */
export const memberCompanyItems: MenuItem[] = [
  { label: 'Meus Produtos', href: paths.member.home, icon: IconHome },
  { label: 'Importar', href: paths.member.productsImport, icon: IconUpload, need: { member: 'Import' } },
  { label: 'Exportar', href: paths.member.productsExport, icon: IconDownload, need: { member: 'Export' } },
  { label: 'Base Global', href: paths.member.productsGlobal, icon: IconDatabase },
  // Issue 37: the audit's worklist and the catalogue check in the menu, not only behind the products' overflow menu.
  {
    label: 'Documentos fiscais',
    href: paths.member.productsDocuments,
    icon: IconFileDescription,
    need: { permission: 'read:product' },
  },
  {
    label: 'Saúde fiscal',
    href: paths.member.productsHealth,
    icon: IconHeartbeat,
    need: { permission: 'read:product' },
  },
  { label: 'Validar NF-e', href: paths.member.nfeValidation, icon: IconFileCheck },
  { label: 'Indicadores', href: paths.member.indicators, icon: IconChartPie },
  { label: 'Simulação da reforma', href: paths.member.simulation, icon: IconReportMoney },
  { label: 'Tickets', href: paths.member.tickets, icon: IconTicket },
  {
    label: 'Integrações',
    href: paths.member.integrations,
    icon: IconPlugConnected,
    need: { permission: 'write:integration', member: 'Create' },
  },
];
export const switchCompanyItem: MenuItem = {
  label: 'Trocar empresa',
  href: paths.member.companies,
  icon: IconSwitchHorizontal,
};

export const partnerItems: MenuItem[] = [
  { label: 'Dashboard', href: paths.partner.home, icon: IconGauge, need: { permission: 'read:dashboard' } },
  {
    label: 'Produtos',
    href: paths.partner.productsGlobal,
    icon: IconPackage,
    children: [
      { label: 'Globais', href: paths.partner.productsGlobal },
      { label: 'Finalizados', href: paths.partner.productsFinalized },
      { label: 'Pendentes', href: paths.partner.productsPending, need: { permission: 'read:pending-product' } },
    ],
  },
  { label: 'Usuários', href: paths.partner.users, icon: IconUsers, need: { permission: 'read:user' } },
  { label: 'Empresas', href: paths.partner.companies, icon: IconBuildingStore },
  { label: 'Tickets', href: paths.partner.tickets, icon: IconTicket, need: { permission: 'read:ticket-queue' } },
  {
    label: 'Regras Fiscais',
    href: paths.partner.fiscalRules,
    icon: IconGavel,
    need: { permission: 'read:fiscal-rule' },
  },
  { label: 'Logs', href: paths.partner.logs, icon: IconListDetails, need: { permission: 'read:log' } },
  {
    label: 'Alíquotas da Reforma',
    href: paths.partner.reformRates,
    icon: IconPercentage,
    need: { permission: 'write:reform-rate' },
  },
  {
    label: 'Acordos de ICMS-ST',
    href: paths.partner.stAgreements,
    icon: IconArrowsExchange,
    need: { permission: 'write:st-agreement' },
  },
  {
    label: 'Simulação da reforma',
    href: paths.partner.simulation,
    icon: IconReportMoney,
    need: { permission: 'read:product' },
  },
  {
    label: 'Integrações',
    href: paths.partner.integrations,
    icon: IconPlugConnected,
    need: { permission: 'write:integration' },
  },
];

/** An item is active on its own path and below it ('Produtos' covers its sub-options). */
export function isItemActive(item: Pick<MenuItem, 'href' | 'children'>, pathname: string): boolean {
  const hrefs = [item.href, ...(item.children?.map((c) => c.href) ?? [])];
  return hrefs.some((h) => pathname === h || pathname.startsWith(`${h}/`));
}

/** The items (and sub-options) the user is offered; `can` reads the permission map. */
export function filterOffered(items: MenuItem[], can: (need: Need) => boolean): MenuItem[] {
  return items
    .filter((item) => !item.need || can(item.need))
    .map((item) => (item.children ? { ...item, children: item.children.filter((c) => !c.need || can(c.need)) } : item));
}
