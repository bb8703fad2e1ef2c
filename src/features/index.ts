/**
 * The feature list: every group of the API, in the order they are built
 * (a feature may use the services of those above it) and started; they stop
 * in reverse. Adding a feature is its own folder and one line here.
 */
import { accountsFeature } from './accounts/feature.js';
import { auditFeature } from './audit/feature.js';
import { backupsFeature } from './backups/feature.js';
import { cacheFeature } from './cache/feature.js';
import { chatFeature } from './chat/feature.js';
import { connectionsFeature } from './connections/feature.js';
import { economyFeature } from './economy/feature.js';
import { eventsFeature } from './events/feature.js';
import { factorsFeature } from './factors/feature.js';
import { forwardAuthFeature } from './forward-auth/feature.js';
import type { StorePartImplementations } from '../store/part-implementations.js';
import type { Feature } from './feature.js';
import { healthFeature } from './health/feature.js';
import { jobsFeature } from './jobs/feature.js';
import { keysFeature } from './keys/feature.js';
import { leaderboardFeature } from './leaderboard/feature.js';
import { messagesFeature } from './messages/feature.js';
import { oidcFeature } from './oidc/feature.js';
import { metricsFeature } from './metrics/feature.js';
import { moderationFeature } from './moderation/feature.js';
import { playersFeature } from './players/feature.js';
import { referenceFeature } from './reference/feature.js';
import { remindersFeature } from './reminders/feature.js';
import { restartsFeature } from './restarts/feature.js';
import { retentionFeature } from './retention/feature.js';
import { serverFeature } from './server/feature.js';
import { sessionsFeature } from './sessions/feature.js';
import { settingsFeature } from './settings/feature.js';
import { shopFeature } from './shop/feature.js';
import { teleportsFeature } from './teleports/feature.js';
import { usersFeature } from './users/feature.js';
import { webhooksFeature } from './webhooks/feature.js';
import { whitelistFeature } from './whitelist/feature.js';

/** Every feature's store part: a store opened on Gatehouse's data must know them all. */
export function allStoreParts(): Array<StorePartImplementations<unknown>> {
  return features.flatMap((feature) => feature.storeParts ?? []);
}

export const features: Feature[] = [
  retentionFeature,
  auditFeature,
  cacheFeature,
  settingsFeature,
  webhooksFeature,
  chatFeature,
  sessionsFeature,
  accountsFeature,
  factorsFeature,
  oidcFeature,
  keysFeature,
  forwardAuthFeature,
  healthFeature,
  connectionsFeature,
  usersFeature,
  messagesFeature,
  restartsFeature,
  teleportsFeature,
  remindersFeature,
  moderationFeature,
  economyFeature,
  shopFeature,
  jobsFeature,
  leaderboardFeature,
  whitelistFeature,
  playersFeature,
  serverFeature,
  metricsFeature,
  backupsFeature,
  referenceFeature,
  eventsFeature,
];
