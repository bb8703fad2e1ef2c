/** The admin console's pages (shown to admins only; the API decides what each request may do). */
import type { FunctionComponent } from 'preact';
import type { PageRoute } from '../pages/routes.js';
import './admin.css';
import { AuditPage } from './pages/audit.js';
import { CachesPage } from './pages/caches.js';
import { ConnectionsPage } from './pages/connections.js';
import { EconomyPage } from './pages/economy.js';
import { KeysPage } from './pages/keys.js';
import { MessagesPage } from './pages/messages.js';
import { OverviewPage } from './pages/overview.js';
import { RestartPage } from './pages/restart.js';
import { SettingsPage } from './pages/settings.js';
import { TeleportsPage } from './pages/teleports.js';
import { UsersPage } from './pages/users.js';
import { WhitelistPage } from './pages/whitelist.js';
import { adminSections } from './sections.js';

const pages: Record<string, FunctionComponent> = {
  '/admin': OverviewPage,
  '/admin/settings': SettingsPage,
  '/admin/users': UsersPage,
  '/admin/connections': ConnectionsPage,
  '/admin/messages': MessagesPage,
  '/admin/restart': RestartPage,
  '/admin/teleports': TeleportsPage,
  '/admin/whitelist': WhitelistPage,
  '/admin/economy': EconomyPage,
  '/admin/audit': AuditPage,
  '/admin/caches': CachesPage,
  '/admin/keys': KeysPage,
};

// The site's navigation names the console once; the console's own navigation names its pages.
export const adminRoutes: PageRoute[] = adminSections.map((section) => ({
  path: section.path,
  title: section.title,
  page: pages[section.path]!,
  access: 'admin',
  nav: section.path === '/admin' ? 'Admin' : undefined,
}));
