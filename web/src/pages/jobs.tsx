/**
 * Jobs: every job with how many work it, joining and leaving, and for each
 * job the player works their level, experience toward the next level, and
 * what they earned today against the job's daily cap. Refreshed while shown,
 * so pay for work done in the game appears without a reload.
 */
import { api, data } from '../api.js';
import { useAction } from '../parts/action.js';
import { plural } from '../parts/format.js';
import { useLoad, usePolling } from '../parts/load.js';
import { useMoney } from '../parts/money.js';
import { ProblemNotice, Success } from '../parts/notice.js';
import { Page } from '../parts/page.js';

export function JobsPage() {
  const jobs = useLoad(() => data(api.request('get', '/api/jobs')), []);
  usePolling(jobs.reload, 10_000);
  // One change at a time: each job's button waits while another is joined or left.
  const change = useAction();
  const joinOrLeave = (job: string, joined: boolean) =>
    change.run(async () => {
      const answer = await data(api.request('post', joined ? '/api/jobs/leave' : '/api/jobs/join', { body: { job } }));
      jobs.reload();
      return answer.message;
    });

  const held = jobs.data?.jobs.filter((job) => job.joined).length ?? 0;
  return (
    <Page title="Jobs">
      {jobs.data && (
        <p>
          Work a job in the game to be paid for it. You work {held} of at most {plural(jobs.data.maxPerPlayer, 'job')} at once.
        </p>
      )}
      {change.done && <Success text={change.done} />}
      <ProblemNotice problem={change.problem} />
      <ProblemNotice problem={jobs.problem} retry={jobs.reload} />
      <ul class="cards plain">
        {jobs.data?.jobs.map((job) => (
          <li key={job.id} class="card" data-testid={`job-${job.id}`}>
            <h2>{job.name}</h2>
            <p>{job.description}</p>
            <p class="muted">{job.workers === 1 ? '1 player works' : `${job.workers} players work`} this job.</p>
            {job.joined && <Standing job={job.id} refreshKey={jobs.data} />}
            <button type="button" class={job.joined ? undefined : 'primary'} disabled={change.busy} onClick={() => joinOrLeave(job.id, job.joined)}>
              {job.joined ? `Leave ${job.name}` : `Join ${job.name}`}
            </button>
          </li>
        ))}
      </ul>
    </Page>
  );
}

/** The player's level, experience and pay today in one job, loaded again whenever the job list is. */
function Standing(props: { job: string; refreshKey: unknown }) {
  const money = useMoney();
  const details = useLoad(() => data(api.request('get', '/api/jobs/details', { query: { job: props.job } })), [props.job, props.refreshKey]);
  const you = details.data?.you;
  if (details.problem) return <ProblemNotice problem={details.problem} retry={details.reload} />;
  if (!you || !details.data) return <p>Loading your standing…</p>;
  const cap = details.data.job.dailyCap;
  return (
    <dl class="facts" data-testid={`standing-${props.job}`}>
      <dt>Level</dt>
      <dd>
        {you.level} (pay × {you.multiplier})
      </dd>
      <dt>Experience</dt>
      <dd>
        {you.experience}
        {you.nextLevelAt !== null ? ` of ${you.nextLevelAt} for the next level` : ' (the last level)'}
      </dd>
      <dt>Earned today</dt>
      <dd data-testid={`earned-${props.job}`}>
        {money(you.earnedToday)}
        {cap !== null ? ` of ${money(cap)} a day` : ' (no daily cap)'}
      </dd>
    </dl>
  );
}
