/**
 * Backups: the archives with their size and contents, "Back up now" (with
 * its progress, read again every 2 seconds while it runs), the download and
 * deletion (after a confirm step) of an archive, the schedule and retention, and how to restore one (on the
 * command line, Gatehouse stopped: docs/backups.md). The download is
 * fetched with the session's token (a link could not carry it) and handed
 * to the browser as a file.
 */
import { api, data } from '../../api.js';
import { useAction } from '../../parts/action.js';
import { formatBytes, formatNumber, formatTime, plural } from '../../parts/format.js';
import { useLoad, usePolling } from '../../parts/load.js';
import { ProblemNotice, Success } from '../../parts/notice.js';
import { Problem } from '../../parts/problem.js';
import { numeric, Table } from '../../parts/table.js';
import { currentSession } from '../../session.js';
import { ConfirmButton } from '../parts/confirm.js';
import { AdminPage } from '../parts/layout.js';

export const backupsEveryMs = 2_000;

/** Fetches the archive with the session's token and saves it as a file. */
async function download(name: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`/api/admin/backups/${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${currentSession()?.token ?? ''}` } });
  } catch {
    throw new Problem(0, 'unreachable', 'Gatehouse cannot be reached. Check your connection, then try again.');
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { error?: string; code?: string };
    throw new Problem(response.status, answer.code ?? 'unknown', answer.error ?? `The download failed (${response.status}).`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return `${name} downloaded`;
}

export function BackupsPage() {
  const backups = useLoad(() => data(api.request('get', '/api/admin/backups')), []);
  const running = backups.data?.running;
  usePolling(() => {
    if (running) backups.reload();
  }, backupsEveryMs);
  const backUp = useAction();
  const fetching = useAction();
  const start = () =>
    void backUp.run(async () => {
      const answer = await data(api.request('post', '/api/admin/backups'));
      backups.reload();
      return `${answer.message}: it is listed once complete.`;
    });
  const state = backups.data;
  return (
    <AdminPage
      title="Backups"
      intro="A backup copies Gatehouse's data (accounts, money, keys, settings and logs) and the world, with the world's saving paused around the copy, while players go on playing."
    >
      <ProblemNotice problem={backups.problem} retry={backups.reload} />
      <ProblemNotice problem={backUp.problem ?? fetching.problem} />
      <Success text={backUp.done ?? fetching.done} />
      {state && (
        <>
          <section class="card" aria-labelledby="backup-now-title">
            <h2 id="backup-now-title">Back up now</h2>
            {running ? (
              <p role="status" data-testid="backup-running">
                {running.name}: {running.step}, {formatNumber(running.files)} files ({formatBytes(running.bytes)}) so far, started {formatTime(running.startedAt)}.
              </p>
            ) : (
              <p>
                {state.schedule.next ? `Next scheduled: ${formatTime(state.schedule.next)} (${state.schedule.description}).` : `Schedule: ${state.schedule.description}.`} Kept: the
                newest of each of the last {state.retention.daily} days and {state.retention.weekly} weeks.
                {state.beforeRestart ? ' A backup is also taken before each restart scheduled here.' : ''}
              </p>
            )}
            {state.lastFailure && (
              <p class="notice problem" role="alert">
                The last backup ({state.lastFailure.name}, {formatTime(state.lastFailure.startedAt)}) failed: {state.lastFailure.error}
              </p>
            )}
            <div class="actions">
              <button type="button" disabled={backUp.busy || Boolean(running)} onClick={start}>
                Back up now
              </button>
            </div>
          </section>
          <Table
            label="Backups"
            caption={`Archives in ${state.directory}`}
            columns={['Backup', 'Taken', numeric('Size'), 'Contents', 'Download or delete']}
            empty="No backup has been taken yet."
            stack
          >
            {state.backups.map((backup) => (
              <tr key={backup.name}>
                <th scope="row" data-label="Backup">
                  {backup.name}
                </th>
                <td data-label="Taken">
                  {formatTime(backup.createdAt)}
                  <span class="hint block">
                    {backup.reason ?? 'unknown'}
                    {backup.requestedBy ? `, by ${backup.requestedBy}` : ''}
                  </span>
                </td>
                <td class="number" data-label="Size">
                  {formatBytes(backup.bytes)}
                </td>
                <td data-label="Contents">
                  {backup.damaged ? (
                    <span>Cannot be read: {backup.damaged}</span>
                  ) : (
                    <>
                      {backup.counts
                        ? `${plural(backup.counts.users, 'user')}, ${plural(backup.counts.ledgerEntries, 'ledger record')}, ${plural(backup.counts.apiKeys, 'API key')}`
                        : 'Files only (the database is backed up with pg_dump)'}
                      <span class="hint block">{backup.worlds.length > 0 ? `Worlds: ${backup.worlds.join(', ')}` : (backup.worldsMissing ?? 'No world')}</span>
                    </>
                  )}
                </td>
                <td data-label="Download or delete">
                  <div class="actions">
                    <button type="button" disabled={fetching.busy} onClick={() => void fetching.run(() => download(backup.name))} aria-label={`Download ${backup.name}`}>
                      Download
                    </button>
                    <ConfirmButton
                      label="Delete"
                      name={`Delete ${backup.name}`}
                      question={`Delete ${backup.name}? It cannot be restored afterwards.`}
                      confirmLabel="Yes, delete it"
                      busy={fetching.busy}
                      onConfirm={() =>
                        void fetching.run(async () => {
                          const answer = await data(api.request('delete', '/api/admin/backups/{name}', { params: { name: backup.name } }));
                          backups.reload();
                          return answer.message;
                        })
                      }
                    />
                  </div>
                </td>
              </tr>
            ))}
          </Table>
          <section class="card" aria-labelledby="restore-title">
            <h2 id="restore-title">Restoring a backup</h2>
            <p>A restore replaces the data (and the world) with the backup's, so Gatehouse must be stopped first. Then, on the machine Gatehouse runs on:</p>
            <pre class="command">
              <code>npm run restore -- {state.backups[0] ? `${state.directory}/${state.backups[0].name}` : `${state.directory}/<archive>.zip`}</code>
            </pre>
            <p>
              It checks the whole archive first and changes nothing if it is damaged; what was there is kept beside it. Add <code>--worlds</code> to also restore a Paper or vanilla
              server's worlds (stop that server too). Start Gatehouse again afterwards.
            </p>
          </section>
        </>
      )}
    </AdminPage>
  );
}
