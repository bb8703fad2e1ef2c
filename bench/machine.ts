/**
 * The machine a run measured on: its cores and how they are shared
 * (./cores.ts), and its speed in this run, as the requests a second of a
 * bare Koa route answering a small JSON (the same load tool, connections and
 * pinning as the HTTP benchmarks), measured at the start and at the end of
 * the run. Two machines, or one machine at two moments, compare by it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import Koa from 'koa';
import { describeCores, withServerPinned } from './cores.js';
import { median } from './rounds.js';
import { rateOf } from './wrk.js';

interface MachineFigures {
  node: string;
  cores: number;
  pinning: string;
  /** The bare route's requests a second (median of 3 rounds), at the start and at the end of the run. */
  speed: { start?: number; end?: number };
  /** Why the speed is not known. */
  unknown?: string;
}

const figures: MachineFigures = { node: process.version, cores: os.cpus().length, pinning: describeCores(), speed: {} };

export function machine(): MachineFigures {
  return figures;
}

/**
 * A bare Koa app answering `body` on every path, listening on 127.0.0.1: the
 * reference of the HTTP benchmarks. `before` goes in front of it (the `me`
 * section's CORS layer, to show what that layer alone costs).
 */
export async function bareKoaRoute(body: () => unknown, before?: Koa.Middleware): Promise<{ url: string; close(): void }> {
  const bare = new Koa();
  if (before) bare.use(before);
  bare.use((ctx) => {
    ctx.body = body();
  });
  const server: Server = createServer(bare.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

/** The same JSON as GET /api/auth/me answers, to the byte count. */
const meLikeBody = {
  success: true,
  id: 1,
  username: 'throughput',
  email: 'throughput@example.com',
  gameUsername: 'Throughput',
  gameUuid: '00000000-0000-3000-8000-000000000001',
  createdAt: '2026-11-01T00:00:00.000Z',
  lastLogin: '2026-11-01T00:00:00.000Z',
  isAdmin: false,
};

/** Measures the machine's speed now, as `when` (the start or the end of the run). */
export async function measureMachineSpeed(when: 'start' | 'end'): Promise<void> {
  const bare = await bareKoaRoute(() => meLikeBody);
  try {
    await rateOf(bare.url, { kind: 'get', path: '/' }, 32, 1);
    const rates: number[] = [];
    await withServerPinned(async () => {
      for (let round = 0; round < 3; round += 1) rates.push(await rateOf(bare.url, { kind: 'get', path: '/' }, 32, 2));
    });
    figures.speed[when] = median(rates);
  } catch (error) {
    figures.unknown = (error as Error).message;
  } finally {
    bare.close();
  }
}

/** `Node v20.20.2, 2 cores (server on core 0, ...); machine speed (bare Koa route): 41,000 req/s at the start, 40,100 at the end`. */
export function describeMachine(): string {
  const rate = (value: number | undefined) => (value === undefined ? 'not measured' : `${Math.round(value).toLocaleString('en-US')} req/s`);
  const speed = figures.unknown
    ? `speed unknown: ${figures.unknown}`
    : `speed (a bare Koa route, 32 connections): ${rate(figures.speed.start)} at the start, ${rate(figures.speed.end)} at the end`;
  return `Node ${figures.node}, ${figures.cores} cores (${figures.pinning}); ${speed}`;
}
