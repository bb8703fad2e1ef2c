/** The admin console's pages (shown to admins only; the API decides what each request may do). */
import type { PageRoute } from '../pages/routes.js';

export const adminRoutes: PageRoute[] = [];
