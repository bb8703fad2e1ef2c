/**
 * The server log's lines that say who came and went, as Mojang's vanilla
 * 1.21 server and Paper write them to logs/latest.log (the messages of their
 * login, join, leave and refusal code): the file's
 * `[HH:mm:ss] [Server thread/INFO]: ` and Paper's console `[HH:mm:ss INFO]: `
 * prefixes both.
 */
import type { Location } from '../port.js';
import { worldOf } from './dimensions.js';

export type LogEvent =
  | { kind: 'login'; name: string; ipAddress: string; location?: Location }
  | { kind: 'joined'; name: string }
  | { kind: 'uuid'; name: string; uuid: string }
  | { kind: 'left'; name: string }
  | { kind: 'refused'; name: string; ipAddress: string; reason: string }
  | { kind: 'version'; version: string };

const prefix = /^\[\d\d:\d\d:\d\d(?: [A-Z]+)?\](?: \[[^\]]*\/[A-Z]+\])?: /;

export function parseLogLine(line: string): LogEvent | undefined {
  const text = line.replace(prefix, '');
  if (text === line && !/^Starting minecraft server/.test(line)) return undefined;
  let match = /^(\w{1,16})\[\/?(.+?)(?::(\d+))?\] logged in with entity id \d+ at \((?:\[([^\]]+)\])?(-?[\d.E-]+), (-?[\d.E-]+), (-?[\d.E-]+)\)/.exec(text);
  if (match) {
    // `[world]` (Paper 1.21) or `[minecraft:overworld]` (Paper 26.1) before the coordinates names the world; vanilla names none.
    const world = match[4] ? worldOf(match[4]) : 'world';
    return {
      kind: 'login',
      name: match[1]!,
      ipAddress: address(match[2]!),
      location: { world, x: Number(match[5]), y: Number(match[6]), z: Number(match[7]) },
    };
  }
  // Online-mode servers say each player's UUID while authenticating.
  match = /^UUID of player (\w{1,16}) is ([0-9a-f-]{36})$/.exec(text);
  if (match) return { kind: 'uuid', name: match[1]!, uuid: match[2]! };
  match = /^(\w{1,16})(?: \(formerly known as \w+\))? joined the game$/.exec(text);
  if (match) return { kind: 'joined', name: match[1]! };
  match = /^(\w{1,16}) left the game$/.exec(text);
  if (match) return { kind: 'left', name: match[1]! };
  match = /^Disconnecting (\w{1,16}) \((.+?)\): (.+)$/.exec(text);
  if (match) return { kind: 'refused', name: match[1]!, ipAddress: address(match[2]!), reason: match[3]! };
  match = /Starting minecraft server version (\S+)/.exec(text);
  if (match) return { kind: 'version', version: match[1]! };
  return undefined;
}

/** `/127.0.0.1:54321` → `127.0.0.1`; `/[0:0:0:0:0:0:0:1]:54321` → `0:0:0:0:0:0:0:1`; `IP hidden` stays as it is. */
function address(raw: string): string {
  const text = raw.replace(/^\//, '');
  const bracketed = /^\[(.+)\](?::\d+)?$/.exec(text);
  if (bracketed) return bracketed[1]!;
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(text);
  return withPort ? withPort[1]! : text;
}
