import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PasswordResult, PasswordTask } from './password-worker.js';

/**
 * The worker's file beside this module, with this module's extension: `.js`
 * when built by tsc, `.mjs` in the plugin's bundled sidecar (scripts/build-plugin.ts).
 */
const workerFile = new URL(`./password-worker${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url);

type TaskInput = PasswordTask extends infer T ? (T extends PasswordTask ? Omit<T, 'id'> : never) : never;

interface Job {
  task: PasswordTask;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

/**
 * A small pool of worker threads for bcrypt. Jobs queue when every worker is
 * busy, so a burst of logins costs latency, not event-loop time.
 */
export class PasswordHasher {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly rounds: number,
    size = Math.min(4, os.availableParallelism()),
  ) {
    for (let index = 0; index < size; index += 1) this.idle.push(this.spawn());
  }

  async hash(password: string): Promise<string> {
    return (await this.run({ kind: 'hash', password, rounds: this.rounds })) as string;
  }

  async verify(password: string, hash: string): Promise<boolean> {
    return (await this.run({ kind: 'verify', password, hash })) as boolean;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('password hasher closed'));
    await Promise.all([...this.idle, ...this.busy.keys()].map((worker) => worker.terminate()));
  }

  private run(input: TaskInput): Promise<string | boolean> {
    if (this.closed) return Promise.reject(new Error('password hasher closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ task: { ...input, id: this.nextId++ } as PasswordTask, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const job = this.queue.shift()!;
      this.busy.set(worker, job);
      worker.postMessage(job.task);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(workerFile);
    worker.unref();
    worker.on('message', (result: PasswordResult) => {
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      this.idle.push(worker);
      if (job) {
        if (result.ok) job.resolve(result.value);
        else job.reject(new Error(result.error));
      }
      this.dispatch();
    });
    worker.on('error', (error) => {
      // A worker that dies takes its job with it; replace the worker, fail the job.
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      job?.reject(error);
      if (!this.closed) {
        this.idle.push(this.spawn());
        this.dispatch();
      }
    });
    return worker;
  }
}
