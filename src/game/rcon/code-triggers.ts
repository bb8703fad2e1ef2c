import type { ChatText, PlayerRef, RegisterCommandHandler } from '../port.js';
import { uuidOfInts, parseEntityData } from './replies.js';
import { PlayerNotOnlineError } from '../errors.js';
import { playerArgument } from './arguments.js';

export const registerObjective = 'register';

/**
 * `/register` on a server without plugins: a trigger objective every player
 * may set, `/trigger register`. One command a second asks for the data of
 * one player whose score is set, which names them; their score is reset and
 * the trigger enabled again, and the answer reaches them with `tellraw`.
 * New players are enabled at their join and every 10 s.
 */
export class RegisterTrigger {
  private timer: NodeJS.Timeout | null = null;
  private ticks = 0;
  private busy = false;

  constructor(
    private readonly command: (line: string) => Promise<string>,
    private readonly handler: () => RegisterCommandHandler | undefined,
    private readonly tell: (player: string, text: ChatText) => Promise<void>,
    private readonly logError: (message: string) => void,
  ) {}

  /** Makes the objective (once per server; an existing one is fine) and starts polling. */
  async start(): Promise<void> {
    const made = await this.command(`scoreboard objectives add ${registerObjective} trigger`);
    if (!/^Created new objective|^An objective already exists/.test(made)) throw new Error(`cannot make the ${registerObjective} trigger: ${made}`);
    await this.enable('@a');
    this.stop();
    this.timer = setInterval(() => void this.poll(), 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** For everyone (`@a`) or one player, by name. */
  enable(target: string): Promise<string> {
    return this.command(`scoreboard players enable ${target === '@a' ? target : playerArgument(target)} ${registerObjective}`);
  }

  /** One look for a player who triggered it (and, every 10 s, the trigger enabled for everyone). */
  async poll(): Promise<PlayerRef | undefined> {
    if (this.busy) return undefined;
    this.busy = true;
    try {
      this.ticks += 1;
      if (this.ticks % 10 === 0) await this.enable('@a');
      const reply = await this.command(`data get entity @a[scores={${registerObjective}=1..},limit=1] UUID`);
      let player: PlayerRef;
      try {
        const { name, data } = parseEntityData(reply, 'nobody');
        player = { name, uuid: uuidOfInts(data) };
      } catch (error) {
        if (error instanceof PlayerNotOnlineError) return undefined;
        throw error;
      }
      await this.command(`scoreboard players set ${playerArgument(player.name)} ${registerObjective} 0`);
      await this.enable(player.name);
      const handler = this.handler();
      if (!handler) {
        await this.tell(player.name, '§cRegistration is not available right now.');
        return player;
      }
      let answer: ChatText;
      try {
        answer = await handler(player);
      } catch (error) {
        this.logError(`rcon: /trigger register for ${player.name} failed: ${(error as Error).stack ?? String(error)}`);
        answer = '§cSomething went wrong while creating your code; please try again.';
      }
      await this.tell(player.name, answer);
      return player;
    } catch (error) {
      this.logError(`rcon: /trigger register: ${(error as Error).message}`);
      return undefined;
    } finally {
      this.busy = false;
    }
  }
}
