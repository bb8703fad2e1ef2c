import { datedLogPart } from '../../store/json/dated-log.js';
import type { TeleportRecord } from './store.js';

/** The teleport log on the JSON store: `teleports/`, a JSON Lines file per UTC day. */
export const jsonTeleportLogPart = datedLogPart<TeleportRecord>('teleports');
