/**
 * Every text Gatehouse shows in game, with its placeholders, as shipped in
 * messages.yml (a test keeps that file equal to this list). `&` colour codes
 * are translated when a text is shown; every placeholder a text declares must
 * appear in it, except those `addedLater` (a text written before they existed
 * gets them after its words).
 */
export const defaultTexts = {
  'register.code': {
    text: '&aYour registration code: &f&l{code}&r&a. Make your web account with it at {url} (click it); it expires in {hours} hours.',
    placeholders: ['code', 'url', 'hours'],
    // An owner's text from before {url} existed still starts: the link is shown after it, with a warning.
    addedLater: ['url'],
  },
  'register.has-account': { text: '&eYou already have a web account: &f{username}&e. Log in with it.', placeholders: ['username'] },
  'resetpassword.code': {
    text: '&aYour password reset code: &f&l{code}&r&a. Set a new password for your web account &f{username}&a at {url} (click it); it expires in {minutes} minutes. Not you? Ignore it.',
    placeholders: ['code', 'username', 'url', 'minutes'],
  },
  'resetpassword.no-account': { text: '&eYou have no web account, so there is no password to reset. Type &f{command}&e to get a code and make one.', placeholders: ['command'] },
  'reminder.unregistered': { text: '&eYou have no web account yet. Type &f{command}&e to get a code and create one.', placeholders: ['command'] },
  'message.direct': { text: '&d[{sender}]&r {message}', placeholders: ['sender', 'message'] },
  announcement: { text: '&6[Announcement]&r {message}', placeholders: ['message'] },
  'teleport.to-you': { text: '&e{player} was teleported to you.', placeholders: ['player'] },
  'teleport.moved': { text: '&eYou were teleported to {world} {x} {y} {z}.', placeholders: ['world', 'x', 'y', 'z'] },
  'restart.bar': { text: 'Server restart in {time}', placeholders: ['time'] },
  'restart.bar-reason': { text: 'Server restart in {time} - {reason}', placeholders: ['time', 'reason'] },
  'restart.scheduled': { text: '&eThe server will restart in {time}.', placeholders: ['time'] },
  'restart.scheduled-reason': { text: '&eThe server will restart in {time}: {reason}', placeholders: ['time', 'reason'] },
  'restart.warning': { text: '&cServer restarts in {seconds} seconds', placeholders: ['seconds'] },
  'restart.warning-reason': { text: '&cServer restarts in {seconds} seconds: {reason}', placeholders: ['seconds', 'reason'] },
  'restart.warning-last': { text: '&cServer restarts in 1 second', placeholders: [] },
  'restart.warning-last-reason': { text: '&cServer restarts in 1 second: {reason}', placeholders: ['reason'] },
  'restart.cancelled': { text: '&aThe scheduled server restart was cancelled.', placeholders: [] },
  'restart.kick': { text: 'Scheduled restart', placeholders: [] },
  'economy.balance': { text: '&eYour balance: &f{balance}', placeholders: ['balance'] },
  'economy.paid': { text: '&aYou paid {player} {amount}. Your balance: {balance}', placeholders: ['player', 'amount', 'balance'] },
  'economy.received': { text: '&a{player} paid you {amount}.', placeholders: ['player', 'amount'] },
  'economy.pay-usage': { text: '&cUsage: /pay <player> <amount>, e.g. /pay Alex 12.50', placeholders: [] },
  'economy.unknown-player': { text: '&cThere is no player called {player}.', placeholders: ['player'] },
  'economy.insufficient-funds': { text: '&cYou do not have {amount}; your balance is {balance}.', placeholders: ['amount', 'balance'] },
  'economy.pay-yourself': { text: '&cYou cannot pay yourself.', placeholders: [] },
  'economy.unavailable': { text: '&cThe economy is not available right now.', placeholders: [] },
  'shop.delivered': { text: '&a{quantity} {item} from the shop arrived in your inventory.', placeholders: ['quantity', 'item'] },
  'shop.delivery-partial': {
    text: '&e{given} {item} from the shop arrived; {remaining} more will follow when your inventory has room.',
    placeholders: ['given', 'item', 'remaining'],
  },
  'shop.sold': { text: '&aYou sold {quantity} {item} for {amount}.', placeholders: ['quantity', 'item', 'amount'] },
  'jobs.level-up': { text: '&6You reached level {level} as {job}! Your pay is now x{multiplier}.', placeholders: ['job', 'level', 'multiplier'] },
  'jobs.daily-cap': { text: "&eYou earned today's most as {job} ({cap}). Your experience still counts; pay starts again tomorrow (UTC).", placeholders: ['job', 'cap'] },
  // Moderation: what a banned, kicked or warned player reads. A reason is plain text (the API refuses codes in it).
  'moderation.banned': { text: '&cYou are banned from this server.\n&fReason: {reason}', placeholders: ['reason'] },
  'moderation.banned-temporary': { text: '&cYou are banned from this server for {time} more.\n&fReason: {reason}', placeholders: ['reason', 'time'] },
  'moderation.kicked': { text: '&cYou were kicked.\n&fReason: {reason}', placeholders: ['reason'] },
  'moderation.warned': { text: '&eYou were warned by the staff: &f{reason}', placeholders: ['reason'] },
} as const satisfies Record<string, { text: string; placeholders: readonly string[]; addedLater?: readonly string[] }>;

export type TextKey = keyof typeof defaultTexts;
export type TextValues<K extends TextKey> = { [P in (typeof defaultTexts)[K]['placeholders'][number]]: string | number };
