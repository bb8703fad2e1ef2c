/**
 * Runs bcrypt off the main thread. bcryptjs is plain JavaScript: on the main
 * thread four concurrent hashes stall the event loop for about 240 ms.
 */
import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

export type PasswordTask = { id: number; kind: 'hash'; password: string; rounds: number } | { id: number; kind: 'verify'; password: string; hash: string };

export type PasswordResult = { id: number; ok: true; value: string | boolean } | { id: number; ok: false; error: string };

parentPort?.on('message', (task: PasswordTask) => {
  try {
    const value = task.kind === 'hash' ? bcrypt.hashSync(task.password, task.rounds) : bcrypt.compareSync(task.password, task.hash);
    parentPort!.postMessage({ id: task.id, ok: true, value } satisfies PasswordResult);
  } catch (error) {
    parentPort!.postMessage({ id: task.id, ok: false, error: (error as Error).message } satisfies PasswordResult);
  }
});
