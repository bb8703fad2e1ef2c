/**
 * The way back to a site behind a reverse proxy (a live map, a wiki) that
 * sent a person here to log in: once logged in (the login page brings them
 * here, second factor and all), the portal asks for a ticket to that site
 * and goes there, where the site's callback signs them in. Gatehouse gives
 * a ticket only for the sites of forward-auth.hosts, so a crafted link
 * cannot send anyone elsewhere.
 */
import { useEffect } from 'preact/hooks';
import { api, data } from '../api.js';
import { useAction } from '../parts/action.js';
import { ProblemNotice } from '../parts/notice.js';
import { Page } from '../parts/page.js';
import { Link, useLocation } from '../router.js';

/** The site's name, for people; the address itself is checked by the API. */
function siteOf(address: string): string {
  try {
    return new URL(address).host;
  } catch {
    return 'the site';
  }
}

export function ForwardAuthPage() {
  const { query } = useLocation();
  const returnTo = query.get('rd') ?? '';
  const go = useAction();
  const signIn = async () => {
    const answer = await data(api.request('post', '/api/forward-auth/ticket', { body: { returnTo } }));
    location.assign(answer.redirect);
  };
  useEffect(() => {
    void go.run(signIn);
  }, [returnTo]);

  // A site Gatehouse does not sign in on stays refused however often it is asked: no retry then.
  const refusedSite = go.problem?.code === 'return_not_allowed';
  return (
    <Page title={`Sign in to ${siteOf(returnTo)}`} class="narrow">
      {!go.problem && (
        <p role="status" aria-live="polite">
          Taking you back to {siteOf(returnTo)}…
        </p>
      )}
      <ProblemNotice problem={go.problem} retry={refusedSite ? undefined : () => void go.run(signIn)} />
      {go.problem && (
        <p>
          <Link href="/account">Go to your account</Link>
        </p>
      )}
    </Page>
  );
}
