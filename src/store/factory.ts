import type { Config } from '../config/config.js';
import type { Network } from '../network/port.js';
import { SingleServer } from '../network/single-server.js';
import { JsonStore } from './json/index.js';
import type { StorePartImplementations } from './part-implementations.js';
import { PostgresStore } from './postgres/index.js';
import { PostgresNetwork } from './postgres/network.js';
import { networkPart } from './postgres/network-tables.js';
import type { Store } from './port.js';

/**
 * The store `storage.type` names, opened with the features' own parts (each
 * with its implementation of that kind), and the network of servers on it:
 * on PostgreSQL every instance sharing the database (its tables migrated
 * with the rest), on JSON files this server alone.
 */
export async function openStore(
  config: Pick<Config, 'storage' | 'dataDirectory' | 'serverId'>,
  options: { parts: Array<StorePartImplementations<unknown>>; logInfo: (message: string) => void; logError: (message: string) => void },
): Promise<{ store: Store; network: Network }> {
  switch (config.storage.type) {
    case 'json':
      return { store: await JsonStore.open(config.dataDirectory, options), network: new SingleServer(config.serverId) };
    case 'postgresql': {
      const store = await PostgresStore.open(config.storage.postgresql, { ...options, parts: [networkPart, ...options.parts] });
      return { store, network: new PostgresNetwork(store.database, config.serverId, { log: options.logInfo }) };
    }
  }
}
