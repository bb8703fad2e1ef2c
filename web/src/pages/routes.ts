/** The player's pages: their paths, titles, and who may open them. The admin console adds its own (../admin/routes.ts). */
import type { FunctionComponent } from 'preact';
import { LoginPage } from './login.js';
import { RegisterPage } from './register.js';

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
];
