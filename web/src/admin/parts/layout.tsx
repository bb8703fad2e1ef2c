/** An admin page's frame: its title (where the focus goes on navigation) and the console's own navigation. */
import type { ComponentChildren } from 'preact';
import { Link, useLocation } from '../../router.js';
import { adminSections } from '../sections.js';

export function AdminPage(props: { title: string; intro?: ComponentChildren; children: ComponentChildren }) {
  const { path } = useLocation();
  return (
    <section aria-labelledby="page-title" class="admin">
      <nav class="admin-nav" aria-label="Admin console">
        <ul>
          {adminSections.map((section) => (
            <li key={section.path}>
              <Link href={section.path} aria-current={section.path === path ? 'page' : undefined}>
                {section.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h1 id="page-title" tabIndex={-1}>
        {props.title}
      </h1>
      {props.intro && <p class="admin-intro">{props.intro}</p>}
      {props.children}
    </section>
  );
}
