import readline from 'node:readline';
import type { Gatehouse } from './gatehouse.js';

const help = [
  'Console commands:',
  '  op <player>     make a player an operator (Gatehouse admin)',
  '  deop <player>   remove operator status',
  '  ops             list operators',
  '  list            list online players',
  '  stop            stop Gatehouse and the game server',
  'Anything else is run as a game server command (e.g. "say hello", "time set day").',
].join('\n');

/** The `npm start` console: operator management and game commands, read from stdin. */
export function startConsole(gatehouse: Gatehouse, stop: () => void, print: (line: string) => void = console.log): readline.Interface {
  const input = readline.createInterface({ input: process.stdin, terminal: false });
  input.on('line', (line) => {
    void runConsoleLine(gatehouse, line.trim(), stop)
      .then((output) => output && print(output))
      .catch((error: Error) => print(`Error: ${error.message}`));
  });
  return input;
}

export async function runConsoleLine(gatehouse: Gatehouse, line: string, stop: () => void): Promise<string> {
  const [command = '', ...args] = line.split(/\s+/);
  const { game } = gatehouse;
  switch (command.toLowerCase()) {
    case '':
      return '';
    case 'help':
    case '?':
      return help;
    case 'op':
    case 'deop': {
      const name = args[0];
      if (!name || !/^[A-Za-z0-9_]{1,16}$/.test(name)) return `Usage: ${command} <player>`;
      const grant = command.toLowerCase() === 'op';
      const changed = await game.operators.setOperator(name, grant);
      if (!changed) return grant ? `${name} is already an operator` : `${name} is not an operator`;
      return grant ? `Made ${name} a server operator` : `Made ${name} no longer a server operator`;
    }
    case 'ops': {
      const operators = await game.operators.list();
      return operators.length ? `Operators: ${operators.map((op) => op.name).join(', ')}` : 'There are no operators';
    }
    case 'list': {
      const players = await game.onlinePlayers();
      return `There are ${players.length} players online${players.length ? `: ${players.map((p) => p.name).join(', ')}` : ''}`;
    }
    case 'stop':
      // stop() says "Stopping..." itself, as it does for Ctrl-C.
      stop();
      return '';
    default:
      return game.capability('console')?.run(line) ?? `Unknown command "${command}"; type help`;
  }
}
