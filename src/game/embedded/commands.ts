import { type CodeCommand, type CodeCommandHandler, codeCommands, type GameConsole, type PlayerCommand } from '../port.js';
import { sendChatLine } from './chat-lines.js';
import type { SquidPlayer, SquidServer } from './flying-squid.js';
import type { EmbeddedModule, RunningServer } from './module.js';
import type { PlayerLists } from './player-lists.js';

/** Commands of flying-squid that must not reach players: /stop exits the host process, op/deop/ban/pardon bypass or ignore our lists. */
const removedCommands = new Set(['stop', 'op', 'deop', 'ban', 'pardon']);

/** What each code command does, in the help list. */
const codeCommandInfo: Record<CodeCommand, string> = {
  register: 'Get a code to create your Gatehouse web account',
  resetpassword: 'Get a code to set a new password for your Gatehouse web account',
};

/**
 * The commands players and the console type: Gatehouse's code commands
 * (/register, /resetpassword), /op and
 * /deop on the operator list, flying-squid's dangerous ones removed, and a
 * guard so that a command that fails answers its player instead of ending
 * the process (flying-squid rethrows a command's error in a timer).
 */
export class EmbeddedCommands implements EmbeddedModule {
  readonly console: GameConsole = { run: (line) => this.runConsoleLine(line) };
  private readonly codeHandlers = new Map<CodeCommand, CodeCommandHandler>();
  /** Commands features offer players (/balance, /pay), registered on every server started. */
  private readonly playerCommands: PlayerCommand[] = [];

  constructor(
    private readonly running: RunningServer,
    private readonly lists: PlayerLists,
    private readonly log: (message: string) => void,
  ) {}

  onCodeCommand(name: CodeCommand, handler: CodeCommandHandler): void {
    this.codeHandlers.set(name, handler);
  }

  addPlayerCommand(command: PlayerCommand): void {
    this.playerCommands.push(command);
  }

  attach(serv: SquidServer): void {
    for (const table of [serv.commands.hash, serv.commands.uniqueHash]) {
      for (const [key, command] of Object.entries(table)) {
        if (removedCommands.has(command.params.base)) delete table[key];
      }
    }
    for (const name of codeCommands) {
      serv.commands.add({
        base: name,
        info: codeCommandInfo[name],
        usage: `/${name}`,
        onlyPlayer: true,
        action: async (_args, { player }) => {
          if (player) await this.answerCodeCommand(name, player);
        },
      });
    }
    for (const grant of [true, false]) {
      serv.commands.add({
        base: grant ? 'op' : 'deop',
        info: grant ? 'Make a player an operator' : 'Remove operator status from a player',
        usage: grant ? '/op <player>' : '/deop <player>',
        op: true,
        parse: (args: string) => (/^[A-Za-z0-9_]{1,16}$/.test(args.trim()) ? args.trim() : false),
        action: async (name: string) => {
          const changed = await this.lists.setOperator(name, grant);
          if (grant) return changed ? `Made ${name} a server operator` : 'Nothing changed. The player already is an operator';
          return changed ? `Made ${name} no longer a server operator` : 'Nothing changed. The player is not an operator';
        },
      });
    }
    for (const command of this.playerCommands) {
      serv.commands.add({
        base: command.name,
        info: command.description,
        usage: command.usage,
        onlyPlayer: true,
        action: async (args: string, { player }) => {
          if (!player) return;
          const words = String(args ?? '')
            .trim()
            .split(/\s+/)
            .filter(Boolean);
          try {
            player.chat(await command.run({ name: player.username, uuid: player.uuid }, words));
          } catch (error) {
            this.log(`/${command.name} for ${player.username} failed: ${(error as Error).stack ?? String(error)}`);
            player.chat('§cThat command failed; please try again.');
          }
        },
      });
    }
  }

  watchPlayer(player: SquidPlayer, serv: SquidServer): void {
    player.handleCommand = async (command: string) => {
      try {
        const reply = await serv.commands.use(command, { player }, player.op);
        if (reply) player.chat(`§c${reply}`);
      } catch (error) {
        const userError = (error as { userError?: boolean }).userError === true;
        if (!userError) this.log(`command "/${command}" of ${player.username} failed: ${(error as Error).stack ?? String(error)}`);
        player.chat(`§c${userError ? `Error: ${(error as Error).message}` : 'That command failed.'}`);
      }
    };
  }

  private async answerCodeCommand(name: CodeCommand, player: SquidPlayer): Promise<void> {
    const handler = this.codeHandlers.get(name);
    if (!handler) {
      player.chat(`§c/${name} is not available right now.`);
      return;
    }
    try {
      const answer = await handler({ name: player.username, uuid: player.uuid });
      if (typeof answer === 'string') player.chat(answer);
      else sendChatLine(player, answer);
    } catch (error) {
      this.log(`/${name} for ${player.username} failed: ${(error as Error).stack ?? String(error)}`);
      player.chat('§cSomething went wrong while creating your code; please try again.');
    }
  }

  /** Runs a console line as the server (op). Returns what to print. */
  private async runConsoleLine(line: string): Promise<string> {
    const serv = this.running.require();
    try {
      return (await serv.commands.use(line, {}, true)) ?? '';
    } catch (error) {
      return `Error: ${(error as Error).message}`;
    }
  }
}
