import mineflayer, { type Bot } from 'mineflayer';

const chatLogs = new WeakMap<Bot, string[]>();

/** Every chat line the bot received since it was created, including those before it spawned. */
export function chatLog(bot: Bot): string[] {
  return chatLogs.get(bot) ?? [];
}

/** A mineflayer bot: a real Minecraft 1.21.4 client. Resolves once it has spawned. */
export function joinBot(port: number, username: string, timeoutMs = 20_000): Promise<Bot> {
  return spawned(createBot(port, username), username, timeoutMs);
}

/** The packets a client sends to say where it is and looks: position, look, both, or neither (on ground only). */
export const movementPackets: ReadonlySet<string> = new Set(['position', 'look', 'position_look', 'flying']);

export interface StillBot {
  bot: Bot;
  /** Lets the bot send movement packets again, from now on. */
  release(): void;
}

/**
 * A bot that sends no movement packet at all, from its creation until
 * released: a player who has neither moved nor turned since joining.
 * mineflayer would send a position every second and answer every position
 * the server sends; those are held back. Its physics is off, so it does not
 * fall either.
 */
export async function joinStillBot(port: number, username: string, timeoutMs = 20_000): Promise<StillBot> {
  const bot = createBot(port, username, { physicsEnabled: false });
  let still = true;
  const write = bot._client.write.bind(bot._client);
  bot._client.write = (name: string, params: unknown) => {
    if (still && movementPackets.has(name)) return;
    write(name, params);
  };
  await spawned(bot, username, timeoutMs);
  return { bot, release: () => void (still = false) };
}

function createBot(port: number, username: string, options: { physicsEnabled?: boolean } = {}): Bot {
  const bot = mineflayer.createBot({ host: '127.0.0.1', port, username, version: '1.21.4', auth: 'offline', hideErrors: true, ...options });
  const log: string[] = [];
  chatLogs.set(bot, log);
  bot.on('messagestr', (message: string) => {
    log.push(message);
  });
  return bot;
}

function spawned(bot: Bot, username: string, timeoutMs: number): Promise<Bot> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`${username} did not spawn within ${timeoutMs} ms`)), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      bot.removeAllListeners();
      bot.end();
      reject(error);
    };
    bot.once('spawn', () => {
      clearTimeout(timer);
      bot.removeListener('kicked', onKicked);
      resolve(bot);
    });
    const onKicked = (reason: unknown) => fail(new Error(`${username} was kicked: ${JSON.stringify(reason)}`));
    bot.once('kicked', onKicked);
    bot.once('error', (error) => fail(error));
  });
}

/** Tries to join and resolves with the reason the server gives for refusing. */
export function refusedJoin(port: number, username: string, timeoutMs = 20_000): Promise<string> {
  const bot = mineflayer.createBot({ host: '127.0.0.1', port, username, version: '1.21.4', auth: 'offline', hideErrors: true });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${username} was neither refused nor admitted within ${timeoutMs} ms`)), timeoutMs);
    bot.once('kicked', (reason: unknown) => {
      clearTimeout(timer);
      resolve(typeof reason === 'string' ? reason : JSON.stringify(reason));
    });
    bot.once('spawn', () => {
      clearTimeout(timer);
      bot.quit();
      reject(new Error(`${username} was admitted`));
    });
  });
}

/** The next chat line matching `pattern`. Start waiting before causing the message. */
export function nextChat(bot: Bot, pattern: RegExp, timeoutMs = 10_000): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: string) => {
      const match = pattern.exec(message);
      if (!match) return;
      clearTimeout(timer);
      bot.removeListener('messagestr', onMessage);
      resolve(match);
    };
    const timer = setTimeout(() => {
      bot.removeListener('messagestr', onMessage);
      reject(new Error(`no chat message matching ${pattern} within ${timeoutMs} ms`));
    }, timeoutMs);
    bot.on('messagestr', onMessage);
  });
}

/** Leaves the server and resolves once the connection is closed. */
export function leave(bot: Bot): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 5000);
    bot.once('end', () => {
      clearTimeout(timer);
      resolve();
    });
    bot.quit();
  });
}

/** Types /register and returns the code the server answers with. */
export async function registrationCodeFor(bot: Bot): Promise<string> {
  const reply = nextChat(bot, /registration code: ([A-Z0-9]{8})/);
  bot.chat('/register');
  return (await reply)[1]!;
}

/** Polls until `check` returns a value other than undefined. */
export async function eventually<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 5000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
