/** The player's pages: their paths, titles, and who may open them. The admin console adds its own (../admin/routes.ts). */
import type { FunctionComponent } from 'preact';
import { AccountPage } from './account.js';
import { InventoryPage } from './inventory.js';
import { JobsPage } from './jobs.js';
import { LeaderboardsPage } from './leaderboards.js';
import { LoginPage } from './login.js';
import { MarketPage } from './market.js';
import { RegisterPage } from './register.js';
import { ShopPage } from './shop.js';

export interface PageRoute {
  path: string;
  title: string;
  page: FunctionComponent;
  /** `anyone`: also logged out; `player`: any logged-in account; `admin`: an admin's session (the API still decides). */
  access: 'anyone' | 'player' | 'admin';
  /** Shown in the navigation under this name; absent: reached by links only. */
  nav?: string;
}

export const playerRoutes: PageRoute[] = [
  { path: '/login', title: 'Log in', page: LoginPage, access: 'anyone' },
  { path: '/register', title: 'Make your account', page: RegisterPage, access: 'anyone' },
  { path: '/account', title: 'My account', page: AccountPage, access: 'player', nav: 'Account' },
  { path: '/shop', title: 'Shop', page: ShopPage, access: 'player', nav: 'Shop' },
  { path: '/inventory', title: 'Inventory', page: InventoryPage, access: 'player', nav: 'Inventory' },
  { path: '/market', title: 'Market prices', page: MarketPage, access: 'player', nav: 'Market' },
  { path: '/jobs', title: 'Jobs', page: JobsPage, access: 'player', nav: 'Jobs' },
  { path: '/leaderboards', title: 'Leaderboards', page: LeaderboardsPage, access: 'player', nav: 'Leaderboards' },
];
