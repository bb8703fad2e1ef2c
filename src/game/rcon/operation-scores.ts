/**
 * The game's own record of inventory changes made under an operation id,
 * so that a change whose reply was lost (a dropped connection, a slow
 * server, Gatehouse killed in between) is recognised when it is asked again
 * instead of being made twice. Vanilla has no memory of requests, but one
 * command can make a change and write its outcome: `execute store success
 * score <holder> gatehouse_ops run give ...` gives and sets the holder's
 * score in the same step on the server thread, and `execute store result`
 * does the same for `clear` with the count removed. A retry reads the score
 * first. The scores live in the world's scoreboard, so they outlast
 * Gatehouse; each operation has a hidden holder (`#gh` and a hash of its id),
 * and holders older than a week are reset when Gatehouse connects.
 */
import { createHash } from 'node:crypto';
import { UnexpectedReplyError } from './replies.js';

export const operationsObjective = 'gatehouse_ops';
/** How long a record is kept: a retry comes within seconds, or at a join after Gatehouse was down for a while. */
const keepDays = 7;
/**
 * The day is kept in the amount's score: day * dayFactor + amount. Scores are
 * 32-bit: days since 1970 (about 20,400 now) times 10,000 stay far below
 * 2^31; an amount is at most an inventory's worth (41 stacks of 64).
 */
const dayFactor = 10_000;
/** At most this many records are looked at by a connection's sweep. */
const maxSweptPerConnection = 500;

export interface OperationRecord {
  /** Give: 1 once given (0 when the give failed). Clear: the count removed. */
  outcome: string;
  /** Give: the day and the amount asked, written just before the give. */
  amount: string;
}

export class OperationScores {
  constructor(
    private readonly command: (line: string) => Promise<string>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Makes the objective (an existing one is fine) and resets records older than a week. */
  async start(): Promise<void> {
    const made = await this.command(`scoreboard objectives add ${operationsObjective} dummy`);
    if (!/^Created new objective|^An objective already exists/.test(made)) throw new UnexpectedReplyError('scoreboard objectives add', made);
    await this.sweep();
  }

  holders(operationId: string): OperationRecord {
    const hash = createHash('sha256').update(operationId).digest('hex').slice(0, 16);
    return { outcome: `#gh${hash}`, amount: `#gh${hash}a` };
  }

  /**
   * Runs a command on the objective, making the objective first if the game
   * says it is not there (start failed, or an admin removed it): the records
   * it held are gone then, but later changes are recorded again.
   */
  private async onObjective(line: string): Promise<string> {
    const reply = await this.command(line);
    if (!/^Unknown scoreboard objective/.test(reply)) return reply;
    await this.start();
    return this.command(line);
  }

  /** The holder's score, or undefined when none is set. */
  async read(holder: string): Promise<number | undefined> {
    const reply = await this.onObjective(`scoreboard players get ${holder} ${operationsObjective}`);
    const value = /^\S+ has (-?\d+) /.exec(reply);
    if (value) return Number(value[1]);
    if (/none is set/.test(reply)) return undefined;
    throw new UnexpectedReplyError('scoreboard players get', reply);
  }

  /** Writes the amount about to be given, with today's day for the sweep. */
  async writeAmount(record: OperationRecord, amount: number): Promise<void> {
    const reply = await this.onObjective(`scoreboard players set ${record.amount} ${operationsObjective} ${this.today() * dayFactor + Math.min(amount, dayFactor - 1)}`);
    if (!/^Set /.test(reply)) throw new UnexpectedReplyError('scoreboard players set', reply);
  }

  amountOf(score: number): number {
    return score % dayFactor;
  }

  async forget(record: OperationRecord): Promise<void> {
    await this.command(`scoreboard players reset ${record.outcome} ${operationsObjective}`);
    await this.command(`scoreboard players reset ${record.amount} ${operationsObjective}`);
  }

  private today(): number {
    return Math.floor(this.now().getTime() / 86_400_000);
  }

  /** Resets the records of operations older than a week (at most a few hundred per connection). */
  private async sweep(): Promise<void> {
    const reply = await this.command('scoreboard players list');
    const listed = /tracked entit\S*: (.*)$/s.exec(reply);
    if (!listed) return;
    const amounts = listed[1]!
      .split(', ')
      .filter((name) => /^#gh[0-9a-f]{16}a$/.test(name))
      .slice(0, maxSweptPerConnection);
    for (const holder of amounts) {
      const score = await this.read(holder);
      if (score !== undefined && Math.floor(score / dayFactor) < this.today() - keepDays) await this.forget({ outcome: holder.slice(0, -1), amount: holder });
    }
  }
}
