import { plainText } from '../../src/game/chat-line.js';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';
import type { Gatehouse } from '../../src/gatehouse.js';
import { api } from './gatehouse.js';

/** A registration code as /register would issue it for `player`, without a game client. */
export async function codeFor(gatehouse: Gatehouse, player: string): Promise<string> {
  const reply = await gatehouse.services.get('accounts').handleRegisterCommand({ name: player, uuid: offlinePlayerUuid(player) });
  const match = /registration code: §f§l([A-Z0-9]{8})/.exec(plainText(reply));
  if (!match) throw new Error(`no code in "${reply}"`);
  return match[1]!;
}

/** Registers and logs in a web account for `player`; returns its token. */
export async function registeredUser(gatehouse: Gatehouse, baseUrl: string, username: string, player: string, password = 'password1'): Promise<string> {
  const code = await codeFor(gatehouse, player);
  const registered = await api(baseUrl, 'POST', '/api/auth/register', { body: { username, password, email: `${username}@example.com`, code } });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const login = await api(baseUrl, 'POST', '/api/auth/login', { body: { username, password } });
  return login.body.token as string;
}

/** A password reset code as /resetpassword would issue it for `player`, without a game client. */
export async function resetCodeFor(gatehouse: Gatehouse, player: string): Promise<string> {
  const reply = await gatehouse.services.get('passwords').handleResetCommand({ name: player, uuid: offlinePlayerUuid(player) });
  const match = /password reset code: §f§l([A-Z0-9]{8})/.exec(plainText(reply));
  if (!match) throw new Error(`no code in "${plainText(reply)}"`);
  return match[1]!;
}
