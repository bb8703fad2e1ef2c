import { EventEmitter } from 'node:events';
import { defineFeature } from '../feature.js';
import { type WhitelistChanges, whitelistRoutes } from './routes.js';

declare module '../services.js' {
  interface Services {
    /** Changes of the whitelist made through the API (for the event stream). */
    whitelistChanges: WhitelistChanges;
  }
}

/**
 * The whitelist: listed with the web accounts linked to its players, changed
 * by admins (applied in game at once, audited), checked by anyone logged in.
 * Adding a player already on it answers 200 with `changed: false`; removing
 * one who is not on it is a 404.
 */
export const whitelistFeature = defineFeature({
  name: 'whitelist',
  create: ({ store, game, services }) => {
    const changes: WhitelistChanges = new EventEmitter();
    services.provide('whitelistChanges', changes);
    return { routes: whitelistRoutes(() => game.require('whitelist'), store.users, services.get('audit'), changes) };
  },
});
