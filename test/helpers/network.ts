import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../src/config/config.js';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import type { GamePort } from '../../src/game/port.js';
import type { NetworkGame } from '../../src/network/network-game.js';
import { startTestGatehouse, type TestGatehouse } from './gatehouse.js';
import type { ThrowawayPostgres } from './postgres.js';

/** Where a test's network lives: a folder for the instances' data directories, and the database they share. */
export interface TestNetwork {
  directory: string;
  postgres: ThrowawayPostgres;
  /** The table prefix of this network in the shared database (uniquePrefix). */
  prefix: string;
  poolSize?: number;
}

/**
 * One Gatehouse instance of a network, in process: `server` as its server.id,
 * its own data directory in the network's folder, PostgreSQL at the network's
 * prefix. `adjust` edits the rest of the config; `game` replaces its embedded
 * game server; `onInfo` gets its info lines.
 */
export async function startNetworkInstance(
  network: TestNetwork,
  server: string,
  adjust: (config: Config) => void = () => undefined,
  overrides: { game?: GamePort; onInfo?: (line: string) => void } = {},
): Promise<TestGatehouse> {
  const dataDirectory = path.join(network.directory, server);
  await mkdir(dataDirectory, { recursive: true });
  return startTestGatehouse(
    (config) => {
      config.serverId = server;
      config.storage.type = 'postgresql';
      config.storage.postgresql = network.postgres.settings(network.prefix, network.poolSize ?? 5);
      adjust(config);
    },
    { ...overrides, dataDirectory },
  );
}

/** The instance's own embedded game server: its `game` is the network's, which reaches the players of every server. */
export function ownEmbeddedGame(instance: TestGatehouse): EmbeddedGameServer {
  return (instance.gatehouse.game as NetworkGame).local as EmbeddedGameServer;
}
