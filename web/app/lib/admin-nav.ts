/**
 * The back-office's screens in named groups (issue 33): one table for the navigation and for the line
 * above each screen that says where it stands. A screen's sub-pages (an order, an invoice) belong to it.
 */
export const ADMIN_NAV = [
  {
    key: 'catalogue',
    screens: [
      { key: 'products', to: '/admin/products' },
      { key: 'seasons', to: '/admin/seasons' },
      { key: 'stock', to: '/admin/stock' },
    ],
  },
  {
    key: 'trade',
    screens: [
      { key: 'retailers', to: '/admin/retailers' },
      { key: 'companies', to: '/admin/companies' },
      { key: 'agents', to: '/admin/agents' },
      { key: 'orders', to: '/admin/orders' },
      { key: 'orderChanges', to: '/admin/order-changes' },
      { key: 'proposals', to: '/admin/proposals' },
      { key: 'allocation', to: '/admin/allocation' },
      { key: 'waitlists', to: '/admin/waitlists' },
      { key: 'returns', to: '/admin/returns' },
      { key: 'production', to: '/admin/production' },
      { key: 'sales', to: '/admin/sales' },
      { key: 'wholesale', to: '/admin/wholesale' },
    ],
  },
  {
    key: 'money',
    screens: [
      { key: 'invoices', to: '/admin/invoices' },
      { key: 'bank', to: '/admin/bank' },
      { key: 'debits', to: '/admin/debits' },
      { key: 'invoicing', to: '/admin/invoicing' },
      { key: 'currencies', to: '/admin/currencies' },
    ],
  },
  {
    key: 'content',
    screens: [
      { key: 'blog', to: '/admin/blog' },
      { key: 'pages', to: '/admin/pages' },
      { key: 'listings', to: '/admin/listings' },
      { key: 'messages', to: '/admin/messages' },
    ],
  },
  {
    key: 'account',
    screens: [
      { key: 'activity', to: '/admin/activity' },
      { key: 'apiKeys', to: '/admin/api-keys' },
      { key: 'webhooks', to: '/admin/webhooks' },
      { key: 'account', to: '/account' },
      { key: 'site', to: '/' },
    ],
  },
] as const;

type AdminGroup = (typeof ADMIN_NAV)[number];

/** The group and screen a path belongs to (the longest screen path that starts it). */
export function placeOf(pathname: string): { group: AdminGroup; screen: AdminGroup['screens'][number] } | null {
  let best: { group: AdminGroup; screen: AdminGroup['screens'][number] } | null = null;
  for (const group of ADMIN_NAV) {
    for (const screen of group.screens) {
      if (screen.to === '/') continue;
      if ((pathname === screen.to || pathname.startsWith(`${screen.to}/`)) && (!best || screen.to.length > best.screen.to.length)) best = { group, screen };
    }
  }
  return best;
}
