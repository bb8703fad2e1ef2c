/**
 * The files a backup copies: a folder's regular files, as archive entries
 * under a prefix, less what is not data (a file being written by
 * writeFileDurably, `.name.tmp`) and the entries the caller leaves out (the
 * worlds, copied apart with their saving paused; the store's journal, which
 * its snapshot gives).
 */
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

export interface FileToCopy {
  /** The entry's path in the archive, with `/`. */
  entry: string;
  /** Where it is on disk. */
  file: string;
}

/** A file written whole through a temporary name: half of one is never data. */
const temporaryFile = /^\..+\.tmp$/;

/**
 * Every regular file under `root` (none when it does not exist), in a stable
 * order, as `prefix` + its path relative to `root`; `leaveOut` is asked about
 * each path relative to `root` (folders too), and what it says yes to is
 * not walked into.
 */
export async function filesToCopy(root: string, prefix: string, leaveOut: (relative: string) => boolean = () => false): Promise<FileToCopy[]> {
  const found: FileToCopy[] = [];
  const walk = async (relative: string) => {
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      // Gone since it was listed (retention deleted a day folder), or never there.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (leaveOut(child)) continue;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile() && !temporaryFile.test(entry.name)) found.push({ entry: `${prefix}${child}`, file: path.join(root, child) });
    }
  };
  await walk('');
  return found;
}

/** `inner` relative to `outer` with `/`, when `inner` is `outer` or inside it; undefined otherwise. */
export function insideOf(outer: string, inner: string): string | undefined {
  const relative = path.relative(path.resolve(outer), path.resolve(inner));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}
