/**
 * `npm run bench`: the speed and memory goals, measured. Each benchmark is a
 * file of its own, named by one line of the list below (its section's name,
 * what it runs, whether its load comes from wrk); `npm run bench -- <names>`
 * runs some of them (./sections.ts). The goals are judged where they are
 * measured and listed together at the end (./goals.ts), with the machine's
 * load and speed (./machine.ts). Everything runs on 127.0.0.1 and every loop
 * is bounded.
 *
 * Each section runs in a Node process of its own (this file again, with
 * `--section <name>`), which sends the goals it judged back to the run's
 * process, as a benchmark harness forks a fresh virtual machine for each
 * benchmark. In one process for all, each section ran in a process the
 * ones before it had used (their code's type feedback on the paths they
 * share, such as Koa and node:http; their heap): the bare Koa route's rate
 * fell by a third from the start of a run to its end, and the event
 * stream's section, last but one, saw V8 collect the whole heap every 3 s
 * rather than every 5 to 30 s. It measured the run before it as much as
 * the stream.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { wrkTool } from '../test/helpers/missing-tool.js';
import { appendCost } from './append.js';
import { backupAtScale } from './backup.js';
import { bridgeRoundTrip } from './bridge.js';
import { ledgerAtScale, transferThroughput } from './economy.js';
import { addSectionGoals, goalsOfThisProcess, loadNow, notMeasured, printGoals, type SectionGoals } from './goals.js';
import { jobsPayoutLoad, leaderboardsAtScale } from './jobs.js';
import { loginLag } from './lag.js';
import { describeMachine, measureMachineSpeed } from './machine.js';
import { meThroughput } from './me.js';
import { crossInstanceRoundTrip } from './network.js';
import { playersAndStats } from './players.js';
import { portalFirstLoad } from './portal.js';
import { postgresThroughput } from './postgres.js';
import { profileInto } from './profile.js';
import { rconBenchmarks } from './rcon.js';
import { runArguments } from './sections.js';
import { seriesHistory } from './series.js';
import { catalogueAtScale, purchaseThroughput } from './shop.js';
import { startOnBuiltCheckout } from './start.js';
import { usersAtScale } from './users.js';
import { wrkProgram } from './wrk.js';

interface Section {
  /** What the section measures, in `npm run bench`'s order. */
  run: () => Promise<void>;
  /** Its load is HTTP from wrk: without wrk it is listed as not measured (or, with GATEHOUSE_WRK_REQUIRED=true, the run fails). */
  wrk?: true;
}

/** One line a benchmark, in the order they run. */
const sections: Record<string, Section> = {
  lag: { run: loginLag }, // 1. event-loop lag during 20 concurrent logins (./lag.ts)
  append: { run: appendCost }, // 2. a connection-log append at 10^4 to 10^6 records (./append.ts)
  me: { run: meThroughput, wrk: true }, // 3. GET /api/auth/me against a bare Koa route (./me.ts)
  users: { run: usersAtScale }, // 4. the admin user list at 100,000 users (./users.ts)
  bridge: { run: bridgeRoundTrip }, // 5. a bridge request's round trip, the real plugin and a stand-in (./bridge.ts)
  transfers: { run: transferThroughput, wrk: true }, // 6. transfers a second, keyed and not, JSON store (./economy.ts)
  ledger: { run: ledgerAtScale }, // 7. the ledger at 10^6 records (./economy.ts)
  players: { run: playersAndStats, wrk: true }, // 8. GET /api/players at 500 online and the server stats (./players.ts)
  rcon: { run: rconBenchmarks }, // 9. RCON commands a second, the players list over RCON (./rcon.ts)
  purchases: { run: purchaseThroughput, wrk: true }, // 10. purchases a second, keyed and not (./shop.ts)
  catalogue: { run: catalogueAtScale }, // 11. the price list and the catalogue at 1,000 items (./shop.ts)
  jobs: { run: jobsPayoutLoad }, // 12. 2,000 block-break events a second with 100 players in jobs (./jobs.ts)
  leaderboards: { run: leaderboardsAtScale }, // 13. leaderboards at 10^5 players (./jobs.ts)
  postgres: { run: postgresThroughput, wrk: true }, // 14. transfers a second on PostgreSQL against pgbench (./postgres.ts)
  network: { run: crossInstanceRoundTrip }, // 15. a request carried to another instance of a network (./network.ts)
  series: { run: seriesHistory }, // 16. the metrics history, a week at one-minute resolution (./series.ts)
  start: { run: startOnBuiltCheckout }, // 17. `npm start` on this built checkout to /api/health (./start.ts)
  portal: { run: portalFirstLoad }, // 18. the portal's first load in headless Chromium (./portal.ts)
  events: { run: async () => (await import('./events.js')).eventsFanOut() }, // 19. 1,000 event streams, 2,000 events a second fanned out (./events.ts)
  backup: { run: backupAtScale }, // 20. a backup at 10^6 ledger records and 10^5 users, request p99 during it (./backup.ts)
};

/** This file run again for one section: it runs the section and sends back what it judged. */
const sectionFlag = '--section';

if (process.argv[2] === sectionFlag && process.send) {
  const name = process.argv[3]!;
  const profileDirectory = process.argv[4] === '--profile' ? process.argv[5] : undefined;
  if (profileDirectory) profileInto(profileDirectory);
  await sections[name]!.run();
  // Sent, then gone: what a section leaves running (a game server's timers, a pool) does not keep its process.
  process.send!(goalsOfThisProcess(), () => process.exit(0));
} else {
  await runAll();
}

/** Runs `name` in a process of its own, and takes the goals it judged. */
async function runInItsOwnProcess(name: string, profileDirectory: string | undefined): Promise<void> {
  // The run's own Node options, but not a debugger's port, which every section would then ask for.
  const nodeOptions = process.execArgv.filter((option) => !option.startsWith('--inspect'));
  const args = [...nodeOptions, fileURLToPath(import.meta.url), sectionFlag, name, ...(profileDirectory ? ['--profile', profileDirectory] : [])];
  // 'advanced': a figure that is NaN (nothing measured) arrives as NaN, not as JSON's null.
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  let goals: SectionGoals | undefined;
  child.on('message', (message: SectionGoals) => (goals = message));
  // 'close' rather than 'exit': it comes after the last message the channel carried.
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0 || !goals) throw new Error(`the ${name} benchmark's process ended with ${code ?? 'a signal'}${goals ? '' : ' before it sent its goals'}`);
  addSectionGoals(goals);
}

async function runAll(): Promise<void> {
  // `npm run bench -- --only me,transfers` (or `npm run bench -- me transfers`) runs a subset; no argument runs them all.
  const chosen = runArguments(process.argv.slice(2), Object.keys(sections));
  const startedAt = Date.now();
  console.log(`Gatehouse benchmarks: ${chosen.sections.join(', ')}; load average ${loadNow().toFixed(2)} at the start`);
  const withoutWrk = await wrkProgram().then(
    () => undefined,
    (error: Error) => error.message,
  );
  if (withoutWrk && process.env[wrkTool.requiredVariable] === 'true') throw new Error(`${wrkTool.requiredVariable}=true, and ${withoutWrk}`);
  await measureMachineSpeed('start');
  console.log(describeMachine());
  for (const name of chosen.sections) {
    const section = sections[name]!;
    if (withoutWrk && section.wrk) {
      console.log(`\n${name}: not measured: ${withoutWrk}`);
      notMeasured(`the ${name} benchmark`, withoutWrk);
      continue;
    }
    await runInItsOwnProcess(name, chosen.profileDirectory);
  }
  await measureMachineSpeed('end');
  await printGoals();
  console.log(`load average ${loadNow().toFixed(2)} at the end; the run took ${((Date.now() - startedAt) / 60_000).toFixed(1)} min`);
  process.exit(0);
}
