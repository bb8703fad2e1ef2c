/**
 * Every page of the portal, once: its address, its title, who may open it,
 * and its name in the navigation that lists it. The header's navigation, the
 * console's own and the routing in app.tsx all read this list. The pages a
 * visitor opens first, logged out, come with the first load; every other
 * page is fetched when first opened (parts/lazy.tsx), with what only it
 * uses: a player never downloads the console, and the login page not the
 * charts.
 */
import type { FunctionComponent } from 'preact';
import { LoginPage } from './pages/login.js';
import { RegisterPage } from './pages/register.js';
import { lazy } from './parts/lazy.js';

const AccountPage = lazy(() => import('./pages/account.js').then((m) => m.AccountPage));
const SessionsPage = lazy(() => import('./pages/sessions.js').then((m) => m.SessionsPage));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password.js').then((m) => m.ForgotPasswordPage));
/** Also what an admin held at the second factor's set-up sees in place of every console page (app.tsx). */
export const SecurityPage = lazy(() => import('./pages/security.js').then((m) => m.SecurityPage));
const ShopPage = lazy(() => import('./pages/shop.js').then((m) => m.ShopPage));
const InventoryPage = lazy(() => import('./pages/inventory.js').then((m) => m.InventoryPage));
const MarketPage = lazy(() => import('./pages/market.js').then((m) => m.MarketPage));
const JobsPage = lazy(() => import('./pages/jobs.js').then((m) => m.JobsPage));
const LeaderboardsPage = lazy(() => import('./pages/leaderboards.js').then((m) => m.LeaderboardsPage));
const RecordPage = lazy(() => import('./pages/record.js').then((m) => m.RecordPage));
const OverviewPage = lazy(() => import('./admin/pages/overview.js').then((m) => m.OverviewPage));
const SettingsPage = lazy(() => import('./admin/pages/settings.js').then((m) => m.SettingsPage));
const UsersPage = lazy(() => import('./admin/pages/users.js').then((m) => m.UsersPage));
const ConnectionsPage = lazy(() => import('./admin/pages/connections.js').then((m) => m.ConnectionsPage));
const MessagesPage = lazy(() => import('./admin/pages/messages.js').then((m) => m.MessagesPage));
const RestartPage = lazy(() => import('./admin/pages/restart.js').then((m) => m.RestartPage));
const TeleportsPage = lazy(() => import('./admin/pages/teleports.js').then((m) => m.TeleportsPage));
const ModerationPage = lazy(() => import('./admin/pages/moderation.js').then((m) => m.ModerationPage));
const WhitelistPage = lazy(() => import('./admin/pages/whitelist.js').then((m) => m.WhitelistPage));
const EconomyPage = lazy(() => import('./admin/pages/economy.js').then((m) => m.EconomyPage));
const AuditPage = lazy(() => import('./admin/pages/audit.js').then((m) => m.AuditPage));
const CachesPage = lazy(() => import('./admin/pages/caches.js').then((m) => m.CachesPage));
const KeysPage = lazy(() => import('./admin/pages/keys.js').then((m) => m.KeysPage));
const SignInPage = lazy(() => import('./pages/sign-in.js').then((m) => m.SignInPage));
const OidcClientsPage = lazy(() => import('./admin/pages/oidc-clients.js').then((m) => m.OidcClientsPage));
const BackupsPage = lazy(() => import('./admin/pages/backups.js').then((m) => m.BackupsPage));
const WebhooksPage = lazy(() => import('./admin/pages/webhooks.js').then((m) => m.WebhooksPage));
const ForwardAuthPage = lazy(() => import('./pages/forward-auth.js').then((m) => m.ForwardAuthPage));

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
  { path: '/forgot-password', title: 'Forgot your password?', page: ForgotPasswordPage, access: 'anyone' },
  { path: '/account', title: 'My account', page: AccountPage, access: 'player', nav: 'Account' },
  { path: '/account/sessions', title: 'Sessions and password', page: SessionsPage, access: 'player' },
  { path: '/account/security', title: 'Sign-in security', page: SecurityPage, access: 'player' },
  { path: '/sign-in', title: 'Sign in to a site', page: SignInPage, access: 'player' },
  { path: '/forward-auth', title: 'Signing in to a site', page: ForwardAuthPage, access: 'player' },
  { path: '/shop', title: 'Shop', page: ShopPage, access: 'player', nav: 'Shop' },
  { path: '/inventory', title: 'Inventory', page: InventoryPage, access: 'player', nav: 'Inventory' },
  { path: '/market', title: 'Market prices', page: MarketPage, access: 'player', nav: 'Market' },
  { path: '/jobs', title: 'Jobs', page: JobsPage, access: 'player', nav: 'Jobs' },
  { path: '/leaderboards', title: 'Leaderboards', page: LeaderboardsPage, access: 'player', nav: 'Leaderboards' },
  { path: '/record', title: 'My record', page: RecordPage, access: 'player', nav: 'Record' },
  // The header names the console once; the console's navigation names its pages.
  { path: '/admin', title: 'Admin overview', page: OverviewPage, access: 'admin', nav: 'Admin', consoleNav: 'Overview' },
  { path: '/admin/settings', title: 'Settings', page: SettingsPage, access: 'admin', consoleNav: 'Settings' },
  { path: '/admin/users', title: 'Users', page: UsersPage, access: 'admin', consoleNav: 'Users' },
  { path: '/admin/connections', title: 'Connection log', page: ConnectionsPage, access: 'admin', consoleNav: 'Connections' },
  { path: '/admin/messages', title: 'Messages', page: MessagesPage, access: 'admin', consoleNav: 'Messages' },
  { path: '/admin/restart', title: 'Restart', page: RestartPage, access: 'admin', consoleNav: 'Restart' },
  { path: '/admin/teleports', title: 'Teleports', page: TeleportsPage, access: 'admin', consoleNav: 'Teleports' },
  { path: '/admin/moderation', title: 'Moderation', page: ModerationPage, access: 'admin', consoleNav: 'Moderation' },
  { path: '/admin/whitelist', title: 'Whitelist', page: WhitelistPage, access: 'admin', consoleNav: 'Whitelist' },
  { path: '/admin/economy', title: 'Economy', page: EconomyPage, access: 'admin', consoleNav: 'Economy' },
  { path: '/admin/audit', title: 'Audit log', page: AuditPage, access: 'admin', consoleNav: 'Audit log' },
  { path: '/admin/caches', title: 'Caches', page: CachesPage, access: 'admin', consoleNav: 'Caches' },
  { path: '/admin/keys', title: 'API keys', page: KeysPage, access: 'admin', consoleNav: 'API keys' },
  { path: '/admin/backups', title: 'Backups', page: BackupsPage, access: 'admin', consoleNav: 'Backups' },
  { path: '/admin/webhooks', title: 'Webhooks', page: WebhooksPage, access: 'admin', consoleNav: 'Webhooks' },
  { path: '/admin/sign-in-sites', title: 'Sign-in sites', page: OidcClientsPage, access: 'admin', consoleNav: 'Sign-in sites' },
];
