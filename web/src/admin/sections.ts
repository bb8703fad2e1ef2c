/** The admin console's pages as its own navigation lists them (the components are joined to them in routes.ts). */
export interface AdminSection {
  path: string;
  title: string;
  /** The name in the console's navigation. */
  name: string;
}

export const adminSections: AdminSection[] = [
  { path: '/admin', title: 'Admin overview', name: 'Overview' },
  { path: '/admin/settings', title: 'Settings', name: 'Settings' },
  { path: '/admin/users', title: 'Users', name: 'Users' },
  { path: '/admin/connections', title: 'Connection log', name: 'Connections' },
  { path: '/admin/messages', title: 'Messages', name: 'Messages' },
  { path: '/admin/restart', title: 'Restart', name: 'Restart' },
  { path: '/admin/teleports', title: 'Teleports', name: 'Teleports' },
  { path: '/admin/whitelist', title: 'Whitelist', name: 'Whitelist' },
  { path: '/admin/economy', title: 'Economy', name: 'Economy' },
  { path: '/admin/audit', title: 'Audit log', name: 'Audit log' },
  { path: '/admin/caches', title: 'Caches', name: 'Caches' },
  { path: '/admin/keys', title: 'API keys', name: 'API keys' },
];
