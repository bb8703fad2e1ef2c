/**
 * Sign-in security: the account's second factors. An authenticator app
 * (./security-totp.tsx) with its recovery codes, and passkeys
 * (./security-passkeys.tsx). An admin held at the set-up by the owner's
 * rule sees this page in place of every console page, with a note saying
 * why, until a factor is set up.
 */
import { useEffect } from 'preact/hooks';
import { api, data } from '../api.js';
import { useLoad } from '../parts/load.js';
import { ProblemNotice } from '../parts/notice.js';
import { Page } from '../parts/page.js';
import { Link } from '../router.js';
import { currentSession, updateSession } from '../session.js';
import { PasskeysSection } from './security-passkeys.js';
import { TotpSection } from './security-totp.js';

export function SecurityPage() {
  const status = useLoad(() => data(api.request('get', '/api/auth/factors')), []);
  const held = currentSession()?.heldAtSetUp === true;
  /** After a change: read the factors again, and lift an admin's hold once the server does. */
  const changed = async () => {
    const now = await data(api.request('get', '/api/auth/factors'));
    if (held && !now.heldAtSetUp) updateSession({ heldAtSetUp: false });
    status.reload();
  };
  // A hold the server no longer makes (a factor set up in another tab, or the owner's rule turned off) is lifted here too.
  useEffect(() => {
    if (held && status.data && !status.data.heldAtSetUp) updateSession({ heldAtSetUp: false });
  }, [status.data]);
  return (
    <Page title="Sign-in security">
      {held && (
        <p class="notice" role="status" data-testid="held-at-set-up">
          <strong>The server's owner requires admins to use a second factor.</strong> Set up an authenticator app or a passkey below; the admin pages open once you have one.
        </p>
      )}
      <p>
        A second factor keeps your account safe even if someone learns your password: after the password, Gatehouse asks for a code from an app on your phone, or for a passkey. A
        passkey can also log you in on its own. <Link href="/account">Back to my account</Link>.
      </p>
      <ProblemNotice problem={status.problem} retry={status.reload} />
      {status.data && (
        <>
          <TotpSection status={status.data.totp} onChange={changed} />
          <PasskeysSection passkeys={status.data.passkeys} onChange={changed} />
        </>
      )}
      {!status.data && status.loading && <p>Loading…</p>}
    </Page>
  );
}
