/**
 * A vanilla server's saving of its world, paused around a copy of the world
 * folder (a backup) with the commands vanilla has for it: `save-off` (no
 * autosave, no chunk written until `save-on`), `save-all flush` (everything
 * saved, and the command answers once the chunk writer is done), `save-on`.
 * Offered only where the server's directory is known, since the copy is
 * made from there; the world is `level-name` of its server.properties.
 */
import path from 'node:path';
import type { WorldFolder, WorldSaves } from '../port.js';
import type { RconCommand } from './connection.js';
import { UnexpectedReplyError } from './replies.js';
import type { ServerFiles } from './server-files.js';

export class RconSaves implements WorldSaves {
  /** The pause found saving already off (the owner turned it off): the resume leaves it so. */
  private foundOff = false;
  /** Between a pause and its resume: a second pause (a lease renewed) must not take our own save-off for the owner's. */
  private paused = false;

  constructor(
    private readonly command: RconCommand,
    private readonly files: ServerFiles,
    private readonly serverDirectory: string,
  ) {}

  async folders(): Promise<WorldFolder[]> {
    const level = (await this.files.properties())['level-name'] || 'world';
    return [{ name: level, path: path.resolve(this.serverDirectory, level) }];
  }

  async pause(): Promise<void> {
    const off = await this.command('save-off');
    const alreadyOff = /^Saving is already turned off/.test(off);
    if (!alreadyOff && !/^Automatic saving is now disabled/.test(off)) throw new UnexpectedReplyError('save-off', off);
    if (!this.paused) this.foundOff = alreadyOff;
    this.paused = true;
    // "Saving the game (this may take a moment!)" then, once written, "Saved the game"; or "Unable to save the game ...".
    const saved = await this.command('save-all flush');
    if (!/Saved the game$/.test(saved)) throw new UnexpectedReplyError('save-all flush', saved);
  }

  async resume(): Promise<void> {
    this.paused = false;
    if (this.foundOff) {
      this.foundOff = false;
      return;
    }
    const on = await this.command('save-on');
    if (!/^(Automatic saving is now enabled|Saving is already turned on)/.test(on)) throw new UnexpectedReplyError('save-on', on);
  }
}
