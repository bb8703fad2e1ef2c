/**
 * "Sign in with Minecraft": a site registered by the admins asks who the
 * player is (OpenID Connect). The portal's session says who they are (a
 * visitor not logged in comes here after the portal's login, second factor
 * included); this page names the site and what it asks for, and the player
 * allows or refuses. Either answer sends the browser back through the
 * provider to the site.
 */
import { api, data } from '../api.js';
import { Outcome, useAction } from '../parts/action.js';
import { useLoad } from '../parts/load.js';
import { ProblemNotice } from '../parts/notice.js';
import { Page } from '../parts/page.js';
import { useLocation } from '../router.js';
import { currentSession } from '../session.js';

/** What each scope gives the site, in a player's words. */
const scopeWords: Record<string, string> = {
  profile: 'your player name',
  minecraft: 'your player name and UUID',
  operator: 'whether you are an operator',
  whitelist: 'whether you are on the whitelist',
  email: 'your e-mail address',
  offline_access: 'to stay signed in after you leave it',
};

export function SignInPage() {
  const { query } = useLocation();
  const uid = query.get('uid') ?? '';
  const pending = useLoad(() => data(api.request('get', '/api/oidc/sign-in/{uid}', { params: { uid } })), [uid]);
  const deciding = useAction();
  const player = currentSession()?.gameUsername ?? '';

  const decide = (allow: boolean) =>
    deciding.run(async () => {
      const answer = await data(api.request('post', '/api/oidc/sign-in/{uid}', { params: { uid }, body: { allow } }));
      // The provider's own address: it finishes the sign-in and sends the browser on to the site.
      location.assign(answer.returnTo);
      return allow ? 'Signing you in…' : 'Telling the site you refused…';
    });

  const site = pending.data?.client.name ?? '';
  const asked = (pending.data?.scopes ?? []).filter((scope) => scope in scopeWords);
  return (
    <Page title={site ? `Sign in to ${site}?` : 'Sign in to a site'}>
      <ProblemNotice problem={pending.problem} retry={pending.reload} />
      {pending.data && (
        <>
          <p>
            <strong>{site}</strong> asks to know that you are <strong>{player}</strong> on this server.
          </p>
          {asked.length > 0 && (
            <>
              <p id="sign-in-asks">It also asks for:</p>
              <ul aria-labelledby="sign-in-asks" data-testid="sign-in-scopes">
                {asked.map((scope) => (
                  <li key={scope}>{scopeWords[scope]}</li>
                ))}
              </ul>
            </>
          )}
          <p class="muted">Only allow sites you trust. You can sign out of them from the site itself.</p>
          <div class="actions">
            <button type="button" class="primary" disabled={deciding.busy} onClick={() => void decide(true)}>
              Allow
            </button>
            <button type="button" disabled={deciding.busy} onClick={() => void decide(false)}>
              Refuse
            </button>
          </div>
          <Outcome action={deciding} />
        </>
      )}
    </Page>
  );
}
