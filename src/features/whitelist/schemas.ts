/** Whitelist entries, changes and checks. */
import { t } from '../../lib/schema.js';
import { pageQuery, paginationObject, playerName } from '../common/schemas.js';

export const whitelistEntry = t.object({
  name: t.string(),
  uuid: t.string(),
  account: t.nullable(t.string({ description: 'The web account linked to the player, if any.' })),
});

export const whitelistQuery = t.object(pageQuery({ default: 20, max: 100 }));

export const whitelistAnswer = t.object({ success: t.literal(true), enabled: t.boolean(), entries: t.array(whitelistEntry), pagination: paginationObject });

export const playerBody = t.object({ username: playerName });

export const changeAnswer = t.object({ success: t.literal(true), message: t.string(), changed: t.boolean() });

export const checkQuery = t.object({ username: t.optional(playerName) });

export const checkAnswer = t.object({ success: t.literal(true), username: t.string(), whitelisted: t.boolean(), enabled: t.boolean() });
