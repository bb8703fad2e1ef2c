/**
 * `npm run bench -- events`: the live event stream fanned out. One
 * Gatehouse (JSON store, in this process) with 1,000 streams of the service
 * token open on GET /api/events, read by a child process (so the readers'
 * work is not counted in Gatehouse's event loop), while 2,000 events a
 * second are published for 30 s (each written to the durable event log,
 * then fanned out). Measured: Gatehouse's event-loop lag p99 (goal: under
 * 20 ms), each event's delay from its publishing to a reader (the event's
 * timestamp to its arrival, on 20 streams spread over the 1,000, every
 * event; goal: p99 under 100 ms), the events every stream received, the
 * streams cut for falling behind, the full garbage collections meanwhile,
 * and the memory an open stream costs Gatehouse (its heap and its
 * process's resident set, before and after the 1,000 opened). With two
 * cores and taskset, the readers run on the load generator's core and
 * Gatehouse on the others, as the HTTP rounds do.
 *
 * Why 30 s: at this rate the process's heap fills and V8 collects it whole
 * every 5 to 30 s, each time holding the event loop for some 50 to 90 ms in
 * all, and every event published meanwhile waits. A 10 s window held none
 * of these collections or one, so its p99 said whether one fell in it (57
 * to 70 ms without, 127 to 374 ms with) rather than what a reader sees over
 * time; 30 s holds several, in their share.
 *
 * The same file is the readers' child (GATEHOUSE_BENCH_EVENTS_READERS set).
 */
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const token = 'bench-events-token-for-tests-0123456789abcdef';
const streams = 1000;
const perSecond = 2000;
const seconds = 30;
/** Streams whose every event is parsed and timed; the rest count what they receive. */
const timedEvery = streams / 20;

interface ReaderReport {
  opened: number;
  delays: number[];
  received: number[];
  ended: number;
}

/** The child: opens the streams, says when they are all open, and reports what they got when asked. */
async function readers(): Promise<void> {
  const baseUrl = process.env.GATEHOUSE_BENCH_EVENTS_READERS!;
  const delays: number[] = [];
  const received = new Array<number>(streams).fill(0);
  let opened = 0;
  let ended = 0;
  const marker = Buffer.from('\ndata: ');
  for (let index = 0; index < streams; index += 1) {
    const timed = index % timedEvery === 0;
    await new Promise<void>((resolve, reject) => {
      const request = get(
        `${baseUrl}/api/events?types=settings.changed`,
        { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, agent: false },
        (response) => {
          if (response.statusCode !== 200) return reject(new Error(`stream ${index}: ${response.statusCode}`));
          opened += 1;
          resolve();
          let rest = '';
          let tail: Buffer = Buffer.alloc(0);
          response.on('data', (chunk: Buffer) => {
            if (!timed) {
              // Counting events only: each has one "\ndata: " line. A line cut between two chunks is found in the few bytes around the cut, not by copying the chunk.
              for (let at = chunk.indexOf(marker); at !== -1; at = chunk.indexOf(marker, at + 1)) received[index]! += 1;
              if (tail.length > 0) {
                const seam = Buffer.concat([tail, chunk.subarray(0, marker.length - 1)]);
                if (seam.indexOf(marker) !== -1) received[index]! += 1;
              }
              tail = Buffer.from(chunk.subarray(Math.max(0, chunk.length - marker.length + 1)));
              return;
            }
            const now = Date.now();
            const text = rest + chunk.toString('utf8');
            const lines = text.split('\n');
            rest = lines.pop()!;
            for (const line of lines) {
              if (!line.startsWith('data: ')) continue;
              received[index]! += 1;
              delays.push(now - Date.parse((JSON.parse(line.slice(6)) as { timestamp: string }).timestamp));
            }
          });
          response.on('end', () => (ended += 1));
          response.on('error', () => undefined);
        },
      );
      request.on('error', reject);
    });
  }
  process.send!({ kind: 'open', opened });
  process.on('message', (message: { kind: string }) => {
    if (message.kind === 'progress') process.send!({ kind: 'progress', least: Math.min(...received) });
    if (message.kind === 'report') process.send!({ kind: 'report', opened, delays, received, ended } satisfies ReaderReport & { kind: string });
  });
}

if (process.env.GATEHOUSE_BENCH_EVENTS_READERS) await readers();

export async function eventsFanOut(): Promise<void> {
  console.log(`\n19. The event stream: ${streams} streams open, ${perSecond} events a second for ${seconds} s fanned out to each (a reader process apart)`);
  const { startTestGatehouse } = await import('../test/helpers/gatehouse.js');
  const { judge } = await import('./goals.js');
  const server = await startTestGatehouse(
    (config) => {
      config.token = token;
      config.events.maxStreamsPerCaller = streams;
      config.events.maxStreamsPerAddress = streams;
      config.http.maxConnections = streams * 2;
    },
    { checkAnswers: false },
  );
  // The readers on the load generator's core, Gatehouse on the others (./cores.ts), where taskset and two cores allow.
  const { generatorCommand, withServerPinned } = await import('./cores.js');
  const [program, args] = generatorCommand(process.execPath, [fileURLToPath(import.meta.url)]);
  const child = spawn(program, args, { env: { ...process.env, GATEHOUSE_BENCH_EVENTS_READERS: server.baseUrl }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>(kind: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { kind: string }) => {
        if (message.kind !== kind) return;
        child.off('message', onMessage);
        resolve(message as T);
      };
      child.on('message', onMessage);
      child.once('exit', (code: number | null) => reject(new Error(`the readers' process ended (${code})`)));
    });
  try {
    await withServerPinned(() => measure());
  } finally {
    child.kill();
    await server.stop();
  }

  async function measure(): Promise<void> {
    const before = { heap: process.memoryUsage().heapUsed, rss: process.memoryUsage().rss };
    await next<{ opened: number }>('open');
    const hub = server.gatehouse.services.get('eventStreams');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = { heap: process.memoryUsage().heapUsed, rss: process.memoryUsage().rss };
    console.log(
      `   memory per open stream: ${((after.heap - before.heap) / streams / 1024).toFixed(1)} KiB of heap, ${((after.rss - before.rss) / streams / 1024).toFixed(1)} KiB of resident set (${hub.size} open)`,
    );

    const journal = server.gatehouse.services.get('events');
    // The part of the delay that is the durable log's: from publishing to written (then handed to the streams).
    const written: number[] = [];
    journal.events.on('written', (events) => {
      const now = Date.now();
      for (const event of events) written.push(now - Date.parse(event.timestamp));
    });
    const lag = monitorEventLoopDelay({ resolution: 1 });
    lag.enable();
    // The full (mark-compact) collections while events are published and the streams catch up: when they come, every event waits.
    const fullCollections: number[] = [];
    const collections = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) fullCollections.push(entry.duration);
    });
    collections.observe({ entryTypes: ['gc'] });
    // 20 events every 10 ms, each tick catching up on the time it was late, so the rate holds.
    const total = perSecond * seconds;
    const started = Date.now();
    let published = 0;
    while (published < total) {
      const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * perSecond) + 20);
      for (; published < due; published += 1) journal.publish('settings.changed', { keys: [`bench.${published}`] });
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const publishedIn = (Date.now() - started) / 1000;
    await journal.flushed();

    // Until every stream has every event (or 30 s), so a late event counts with its delay rather than not at all, and its lag too.
    const askedUntil = Date.now() + 30_000;
    for (;;) {
      child.send({ kind: 'progress' });
      const { least } = await next<{ least: number }>('progress');
      if (least >= total || Date.now() > askedUntil) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    lag.disable();
    collections.disconnect();
    child.send({ kind: 'report' });
    const report = await next<ReaderReport>('report');
    const delays = report.delays.sort((a, b) => a - b);
    const at = (share: number) => delays[Math.min(delays.length - 1, Math.floor(delays.length * share))] ?? Number.NaN;
    const complete = report.received.filter((count) => count === total).length;
    const lagP99 = lag.percentile(99) / 1e6;
    console.log(`   published ${total} events in ${publishedIn.toFixed(1)} s (${Math.round(total / publishedIn)} a second); ${hub.droppedCount} streams cut for falling behind`);
    console.log(
      `   streams that received every event: ${complete} of ${report.opened}; least received ${Math.min(...report.received)}; ${(report.received.reduce((sum, count) => sum + count, 0) / publishedIn).toFixed(0)} events a second delivered in all`,
    );
    console.log(
      `   event-loop lag p99 ${lagP99.toFixed(1)} ms, max ${(lag.max / 1e6).toFixed(1)} ms ${judge('event stream: event-loop lag p99 at 1,000 streams, 2,000 events/s', lagP99, 'under', 20, ' ms')}`,
    );
    written.sort((a, b) => a - b);
    const writtenAt = (share: number) => written[Math.min(written.length - 1, Math.floor(written.length * share))] ?? Number.NaN;
    console.log(`   of which the event log's write (publish to written): p50 ${writtenAt(0.5)} ms, p99 ${writtenAt(0.99)} ms`);
    console.log(
      `   full garbage collections while publishing and catching up: ${fullCollections.length} (their final pauses ${fullCollections.map((ms) => ms.toFixed(1)).join(', ') || 'none'} ms; the marking before each runs in steps between other work)`,
    );
    console.log(
      `   each event's delay to a reader (${delays.length} timed on ${streams / timedEvery} streams): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, p99.9 ${at(0.999)} ms, max ${delays.at(-1)} ms ${judge('event stream: delay p99 to a reader', at(0.99), 'under', 100, ' ms')}`,
    );
  }
}
