import path from 'node:path';
import type { JsonStorePart } from '../../store/json/access.js';
import { SeriesFile } from './series-file.js';
import type { MetricsHistoryStore } from './store.js';

/** The metrics history on the JSON store: `metrics-history/`, a day file of samples a day (see SeriesFile). */
export const jsonMetricsHistoryPart: JsonStorePart<MetricsHistoryStore, SeriesFile> = {
  define: (_database, dataDirectory) => new SeriesFile(path.join(dataDirectory, 'metrics-history')),
  // Outside the journal, so the same inside a unit of work as outside one.
  bind: (_access, _database, series) => series,
};
