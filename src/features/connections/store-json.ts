import { datedLogPart } from '../../store/json/dated-log.js';
import type { ConnectionLogEntry } from './store.js';

/** The connection log on the JSON store: `connections/`, a JSON Lines file per UTC day. */
export const jsonConnectionLogPart = datedLogPart<ConnectionLogEntry>('connections');
