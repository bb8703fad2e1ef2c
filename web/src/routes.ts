/**
 * Every page of the portal, once: its address, its title, who may open it,
 * and its name in the navigation that lists it. The header's navigation, the
 * console's own and the routing in app.tsx all read this list.
 */
import type { FunctionComponent } from 'preact';
import { AuditPage } from './admin/pages/audit.js';
import { CachesPage } from './admin/pages/caches.js';
import { ConnectionsPage } from './admin/pages/connections.js';
import { EconomyPage } from './admin/pages/economy.js';
import { KeysPage } from './admin/pages/keys.js';
import { MessagesPage } from './admin/pages/messages.js';
import { OverviewPage } from './admin/pages/overview.js';
import { RestartPage } from './admin/pages/restart.js';
import { SettingsPage } from './admin/pages/settings.js';
import { TeleportsPage } from './admin/pages/teleports.js';
import { UsersPage } from './admin/pages/users.js';
import { WhitelistPage } from './admin/pages/whitelist.js';
import { AccountPage } from './pages/account.js';
import { InventoryPage } from './pages/inventory.js';
import { JobsPage } from './pages/jobs.js';
import { LeaderboardsPage } from './pages/leaderboards.js';
import { LoginPage } from './pages/login.js';
import { MarketPage } from './pages/market.js';
import { RegisterPage } from './pages/register.js';
import { ShopPage } from './pages/shop.js';

export interface PageRoute {
  path: string;
  /** The browser tab's title. */
  title: string;
  page: FunctionComponent;
  /** `anyone`: also logged out; `player`: any logged-in account; `admin`: an admin's session (the API still decides). */
  access: 'anyone' | 'player' | 'admin';
  /** Its name in the header's navigation; absent: reached by links only. */
  nav?: string;
  /** Its name in the console's navigation (a console page). */
  consoleNav?: string;
}

export const routes: PageRoute[] = [
  { path: '/login', title: 'Log in', page: LoginPage, access: 'anyone' },
  { path: '/register', title: 'Make your account', page: RegisterPage, access: 'anyone' },
  { path: '/account', title: 'My account', page: AccountPage, access: 'player', nav: 'Account' },
  { path: '/shop', title: 'Shop', page: ShopPage, access: 'player', nav: 'Shop' },
  { path: '/inventory', title: 'Inventory', page: InventoryPage, access: 'player', nav: 'Inventory' },
  { path: '/market', title: 'Market prices', page: MarketPage, access: 'player', nav: 'Market' },
  { path: '/jobs', title: 'Jobs', page: JobsPage, access: 'player', nav: 'Jobs' },
  { path: '/leaderboards', title: 'Leaderboards', page: LeaderboardsPage, access: 'player', nav: 'Leaderboards' },
  // The header names the console once; the console's navigation names its pages.
  { path: '/admin', title: 'Admin overview', page: OverviewPage, access: 'admin', nav: 'Admin', consoleNav: 'Overview' },
  { path: '/admin/settings', title: 'Settings', page: SettingsPage, access: 'admin', consoleNav: 'Settings' },
  { path: '/admin/users', title: 'Users', page: UsersPage, access: 'admin', consoleNav: 'Users' },
  { path: '/admin/connections', title: 'Connection log', page: ConnectionsPage, access: 'admin', consoleNav: 'Connections' },
  { path: '/admin/messages', title: 'Messages', page: MessagesPage, access: 'admin', consoleNav: 'Messages' },
  { path: '/admin/restart', title: 'Restart', page: RestartPage, access: 'admin', consoleNav: 'Restart' },
  { path: '/admin/teleports', title: 'Teleports', page: TeleportsPage, access: 'admin', consoleNav: 'Teleports' },
  { path: '/admin/whitelist', title: 'Whitelist', page: WhitelistPage, access: 'admin', consoleNav: 'Whitelist' },
  { path: '/admin/economy', title: 'Economy', page: EconomyPage, access: 'admin', consoleNav: 'Economy' },
  { path: '/admin/audit', title: 'Audit log', page: AuditPage, access: 'admin', consoleNav: 'Audit log' },
  { path: '/admin/caches', title: 'Caches', page: CachesPage, access: 'admin', consoleNav: 'Caches' },
  { path: '/admin/keys', title: 'API keys', page: KeysPage, access: 'admin', consoleNav: 'API keys' },
];
