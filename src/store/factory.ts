import type { Config } from '../config/config.js';
import { JsonStore } from './json/index.js';
import type { StorePartImplementations } from './part-implementations.js';
import { PostgresStore } from './postgres/index.js';
import type { Store } from './port.js';

/** The store `storage.type` names, opened with the features' own parts, each with its implementation of that kind. */
export function createStore(
  config: Pick<Config, 'storage' | 'dataDirectory'>,
  options: { parts: Array<StorePartImplementations<unknown>>; logInfo: (message: string) => void; logError: (message: string) => void },
): Promise<Store> {
  switch (config.storage.type) {
    case 'json':
      return JsonStore.open(config.dataDirectory, options);
    case 'postgresql':
      return PostgresStore.open(config.storage.postgresql, options);
  }
}
