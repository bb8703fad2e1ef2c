import path from 'node:path';
import type { JsonStorePart } from '../../store/json/access.js';
import { documentFile } from '../../store/json/table-files.js';
import type { SettingsOverrides, SettingsStore } from './store.js';

/** The table's name is written in the journal: it stays what it always was. */
const table = 'settings';

/** The settings on the JSON store: `settings.json`, `{"overrides": {...}}`, as it always was. */
export const jsonSettingsPart: JsonStorePart<SettingsStore> = {
  define: (database, dataDirectory) => {
    database.define<SettingsOverrides>(
      { name: table },
      documentFile<SettingsOverrides, { overrides?: SettingsOverrides }>(path.join(dataDirectory, 'settings.json'), {
        pretty: true,
        fromDocument: (document) => [['overrides', document.overrides ?? {}]],
        toDocument: (records) => ({ overrides: records.find(([key]) => key === 'overrides')?.[1] ?? {} }),
      }),
    );
  },
  bind: (access) => ({
    load: async () => structuredClone(access.read<SettingsOverrides>(table).get('overrides') ?? {}),
    save: (overrides) => access.write((tx) => tx.put(table, 'overrides', structuredClone(overrides))),
  }),
};
