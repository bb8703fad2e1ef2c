import path from 'node:path';
import type { JsonStorePart } from '../../store/json/access.js';
import type { JsonDatabase } from '../../store/json/database.js';
import { SeriesFile } from './series-file.js';
import type { MetricsHistoryStore } from './store.js';

/** Each open JSON store's series (a test may have several stores open at once). */
const seriesOf = new WeakMap<JsonDatabase, SeriesFile>();

/** The metrics history on the JSON store: `metrics-history/`, a day file of samples a day (see SeriesFile). */
export const jsonMetricsHistoryPart: JsonStorePart<MetricsHistoryStore> = {
  define: (database, dataDirectory) => {
    seriesOf.set(database, new SeriesFile(path.join(dataDirectory, 'metrics-history')));
  },
  // Outside the journal, so the same inside a unit of work as outside one.
  bind: (_access, database) => seriesOf.get(database)!,
};
