import { type ChatText, type CodeCommand, type CodeCommandHandler, codeCommands, type PlayerRef } from '../port.js';
import { uuidOfInts, parseEntityData } from './replies.js';
import { PlayerNotOnlineError } from '../errors.js';
import { playerArgument } from './arguments.js';

/**
 * The code commands (`/register`, `/resetpassword`) on a server without
 * plugins: a trigger objective of the same name that every player may set,
 * `/trigger register`, `/trigger resetpassword`. Once a second, for each,
 * one command asks for the data of one player whose score is set, which
 * names them; their score is reset and the trigger enabled again, and the
 * answer reaches them with `tellraw`. New players are enabled at their join
 * and every 10 s.
 */
export class CodeTriggers {
  private timer: NodeJS.Timeout | null = null;
  private ticks = 0;
  private busy = false;

  constructor(
    private readonly command: (line: string) => Promise<string>,
    private readonly handler: (name: CodeCommand) => CodeCommandHandler | undefined,
    private readonly tell: (player: string, text: ChatText) => Promise<void>,
    private readonly logError: (message: string) => void,
  ) {}

  /** Makes the objectives (once per server; an existing one is fine) and starts polling. */
  async start(): Promise<void> {
    for (const objective of codeCommands) {
      const made = await this.command(`scoreboard objectives add ${objective} trigger`);
      if (!/^Created new objective|^An objective already exists/.test(made)) throw new Error(`cannot make the ${objective} trigger: ${made}`);
    }
    await this.enable('@a');
    this.stop();
    this.timer = setInterval(() => void this.poll(), 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Every trigger, for everyone (`@a`) or one player, by name. */
  async enable(target: string): Promise<void> {
    for (const objective of codeCommands) await this.command(`scoreboard players enable ${target === '@a' ? target : playerArgument(target)} ${objective}`);
  }

  /** One look for a player who triggered each (and, every 10 s, the triggers enabled for everyone): who was answered, by trigger. */
  async poll(): Promise<Partial<Record<CodeCommand, PlayerRef>>> {
    if (this.busy) return {};
    this.busy = true;
    const answered: Partial<Record<CodeCommand, PlayerRef>> = {};
    try {
      this.ticks += 1;
      if (this.ticks % 10 === 0) await this.enable('@a');
      for (const objective of codeCommands) {
        const player = await this.answerOne(objective);
        if (player) answered[objective] = player;
      }
    } catch (error) {
      this.logError(`rcon: the code triggers: ${(error as Error).message}`);
    } finally {
      this.busy = false;
    }
    return answered;
  }

  private async answerOne(objective: CodeCommand): Promise<PlayerRef | undefined> {
    const reply = await this.command(`data get entity @a[scores={${objective}=1..},limit=1] UUID`);
    let player: PlayerRef;
    try {
      const { name, data } = parseEntityData(reply, 'nobody');
      player = { name, uuid: uuidOfInts(data) };
    } catch (error) {
      if (error instanceof PlayerNotOnlineError) return undefined;
      throw error;
    }
    await this.command(`scoreboard players set ${playerArgument(player.name)} ${objective} 0`);
    await this.command(`scoreboard players enable ${playerArgument(player.name)} ${objective}`);
    const handler = this.handler(objective);
    if (!handler) {
      await this.tell(player.name, `§c/trigger ${objective} is not available right now.`);
      return player;
    }
    let answer: ChatText;
    try {
      answer = await handler(player);
    } catch (error) {
      this.logError(`rcon: /trigger ${objective} for ${player.name} failed: ${(error as Error).stack ?? String(error)}`);
      answer = '§cSomething went wrong while creating your code; please try again.';
    }
    await this.tell(player.name, answer);
    return player;
  }
}
