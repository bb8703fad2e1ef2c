/**
 * The portal's frame: a skip link, the header with the navigation and the
 * session (with a visible mark when it is an admin's), and the page the
 * address names. A page that needs a login sends a logged-out visitor to the
 * login page and back after; an admin page tells a player it is not theirs
 * and fetches nothing of it, not even its code. A page that fails while
 * drawing says so in its place (the error boundary), under a header that
 * still works.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, missingSessionReason, sendToLogin } from './api.js';
import { ErrorBoundary } from './parts/error-boundary.js';
import { Page } from './parts/page.js';
import { Link, navigate, useLocation } from './router.js';
import { type PageRoute, routes, SecurityPage } from './routes.js';
import { currentSession, endSession, onSessionChange, type Session } from './session.js';

function useSession(): Session | undefined {
  const [session, setSession] = useState(currentSession);
  useEffect(() => onSessionChange(() => setSession(currentSession())), []);
  return session;
}

/** Logs out: the session ends on the server (its cookie with it), then here, whatever the server said. */
async function logOut(): Promise<void> {
  await api.request('delete', '/api/auth/session').catch(() => undefined);
  endSession();
  navigate('/login?reason=logged-out', { replace: true });
}

/** The route for `path`: exact, or the longest route path it starts with. */
function routeFor(path: string): PageRoute | undefined {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return routes.find((route) => route.path === trimmed) ?? routes.filter((route) => trimmed.startsWith(`${route.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
}

export function App() {
  const { path } = useLocation();
  const session = useSession();
  const route = path === '/' ? undefined : routeFor(path);

  useEffect(() => {
    if (path === '/') navigate(session ? (routeFor('/account') ? '/account' : '/shop') : '/login', { replace: true });
  }, [path, session]);
  useEffect(() => {
    if (route && route.access !== 'anyone' && !session) sendToLogin(missingSessionReason());
  }, [route, session]);
  useEffect(() => {
    document.title = route ? `${route.title} · Gatehouse` : 'Gatehouse';
  }, [route]);

  let content: ComponentChildren;
  if (!route) content = path === '/' ? null : <NotFound />;
  // No session shows nothing while it goes to the login page.
  else if (route.access !== 'anyone' && !session) content = null;
  else if (route.access === 'admin' && !session?.isAdmin) content = <NotAdmin />;
  // The owner requires admins to have a second factor: until this one has, the console is only the page that sets one up.
  else if (route.access === 'admin' && session?.heldAtSetUp)
    content = (
      <ErrorBoundary key="held">
        <SecurityPage />
      </ErrorBoundary>
    );
  else
    content = (
      // Keyed by the page: moving to another page leaves a failed one behind.
      <ErrorBoundary key={route.path}>
        <route.page />
      </ErrorBoundary>
    );

  const nav = routes.filter((candidate) => candidate.nav && (candidate.access === 'anyone' ? !session : candidate.access === 'player' ? session : session?.isAdmin));
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to the page
      </a>
      <header class="top">
        <Link href="/" class="brand">
          Gatehouse
        </Link>
        <nav aria-label="Pages">
          <ul>
            {nav.map((item) => (
              <li key={item.path}>
                {/* A section's pages (the console's /admin/...) mark its entry too. */}
                <Link href={item.path} aria-current={route && (route.path === item.path || route.path.startsWith(`${item.path}/`)) ? 'page' : undefined}>
                  {item.nav}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div class="who">
          {session ? (
            <>
              <span>
                {session.gameUsername}
                {session.isAdmin && (
                  <span class="admin-mark" title="This session is an admin's">
                    Admin
                  </span>
                )}
              </span>
              <button type="button" onClick={() => void logOut()}>
                Log out
              </button>
            </>
          ) : (
            <Link href="/login">Log in</Link>
          )}
        </div>
      </header>
      <main id="main">{content}</main>
    </>
  );
}

function NotFound() {
  return (
    <Page title="No such page">
      <p>
        There is no page at this address. <Link href="/">Go to the start</Link>.
      </p>
    </Page>
  );
}

function NotAdmin() {
  return (
    <Page title="Not allowed">
      <p role="alert">This page is for the server's admins. Your account is not an admin's, so nothing of it was loaded.</p>
      <p>
        <Link href="/">Go to your pages</Link>.
      </p>
    </Page>
  );
}
