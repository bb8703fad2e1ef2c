import { defineFeature } from '../feature.js';
import { UnregisteredReminders } from './service.js';

declare module '../services.js' {
  interface Services {
    reminders: UnregisteredReminders;
  }
}

/** Tells online players without a web account to type /register, every few minutes (live settings). */
export const remindersFeature = defineFeature({
  name: 'reminders',
  create: ({ store, game, services, texts }) => {
    const settings = services.get('settings');
    const reminders = new UnregisteredReminders(game, store.users, () => settings.read(), texts);
    services.provide('reminders', reminders);
    return { start: () => reminders.start(), stop: () => reminders.stop() };
  },
});
