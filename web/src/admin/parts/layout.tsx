/** A console page's frame: the page's own (its title, where the focus goes), with the console's navigation at its top and an introduction under the title. */
import type { ComponentChildren } from 'preact';
import { Page } from '../../parts/page.js';
import { Link, useLocation } from '../../router.js';
import { routes } from '../../routes.js';

export function AdminPage(props: { title: string; intro?: ComponentChildren; children: ComponentChildren }) {
  const { path } = useLocation();
  return (
    <Page title={props.title} class="admin" before={<ConsoleNav path={path} />}>
      {props.intro && <p class="admin-intro">{props.intro}</p>}
      {props.children}
    </Page>
  );
}

function ConsoleNav(props: { path: string }) {
  return (
    <nav class="admin-nav" aria-label="Admin console">
      <ul>
        {routes
          .filter((route) => route.consoleNav)
          .map((route) => (
            <li key={route.path}>
              <Link href={route.path} aria-current={route.path === props.path ? 'page' : undefined}>
                {route.consoleNav}
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}
