import { expect } from 'chai';
import { forgettingAfter, SharedRead } from '../../src/game/read-once-a-tick.js';

/** A read of the game that answers when the test says, counting how often it was asked. */
class GameStandIn {
  asked = 0;
  private waiting: Array<{ resolve: (value: string) => void; reject: (error: Error) => void }> = [];

  read = (): Promise<string> => {
    this.asked += 1;
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  };

  /** Answers the oldest read still waiting, or the one at `index` among those waiting (a later read may answer first). */
  answer(value: string, index = 0): void {
    this.waiting.splice(index, 1)[0]!.resolve(value);
  }

  fail(message: string): void {
    this.waiting.shift()!.reject(new Error(message));
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a read of the game shared by its callers (one tick)', function () {
  let game: GameStandIn;
  let clock: number;
  let shared: SharedRead<string>;

  beforeEach(function () {
    game = new GameStandIn();
    clock = 1000;
    shared = new SharedRead(game.read, { freshMs: 50, staleMs: 250 }, () => clock);
  });

  it('asks the game once for every caller while a read is on its way, and answers them all with it', async function () {
    const answers = Promise.all([shared.get(), shared.get(), shared.get()]);
    expect(game.asked).to.equal(1);
    game.answer('Steve');
    expect(await answers).to.deep.equal(['Steve', 'Steve', 'Steve']);
  });

  it('answers from the last read for one tick, then at once while a new read is asked behind, then waits past the stale bound', async function () {
    const first = shared.get();
    game.answer('Steve');
    await first;
    clock += 49;
    expect(await shared.get()).to.equal('Steve');
    expect(game.asked, 'within the tick: not asked').to.equal(1);

    clock += 2;
    expect(await shared.get(), 'past the tick: the last answer at once').to.equal('Steve');
    expect(await shared.get()).to.equal('Steve');
    expect(game.asked, 'and one read asked behind, however many callers').to.equal(2);
    game.answer('Steve, Alex');
    await settle();
    expect(await shared.get()).to.equal('Steve, Alex');

    clock += 250;
    const waited = shared.get();
    expect(game.asked, 'too old to give: asked, and the caller waits').to.equal(3);
    game.answer('Alex');
    expect(await waited).to.equal('Alex');
  });

  it('after forget, neither keeps nor shares a read asked before it', async function () {
    const before = shared.get();
    shared.forget();
    const after = shared.get();
    expect(game.asked, 'a caller after the forget does not join the read before it').to.equal(2);
    game.answer('Steve (who then quit)');
    game.answer('nobody');
    expect(await before).to.equal('Steve (who then quit)');
    expect(await after).to.equal('nobody');
    expect(await shared.get(), 'the read after the forget is the one kept').to.equal('nobody');
    expect(game.asked).to.equal(2);

    shared.forget();
    const again = shared.get();
    expect(game.asked, 'what was kept is dropped too').to.equal(3);
    game.answer('Alex');
    expect(await again).to.equal('Alex');
  });

  it('after forget, keeps a read asked before it for no one even when it answers last, or alone', async function () {
    const before = shared.get();
    shared.forget();
    const after = shared.get();
    // The read asked after the quit answers first; the one asked before it (the player still there) comes in last.
    game.answer('nobody', 1);
    expect(await after).to.equal('nobody');
    game.answer('Steve (who then quit)');
    expect(await before).to.equal('Steve (who then quit)');
    expect(await shared.get(), 'the answer kept is the read after the forget').to.equal('nobody');
    expect(game.asked).to.equal(2);

    const older = shared.get();
    await settle();
    expect(game.asked, 'fresh: not asked').to.equal(2);
    expect(await older).to.equal('nobody');
    clock += 300;
    const pending = shared.get();
    shared.forget();
    game.answer('Alex (who then quit)');
    expect(await pending).to.equal('Alex (who then quit)');
    const next = shared.get();
    expect(game.asked, 'the read asked before the forget was not kept: asked again').to.equal(4);
    game.answer('nobody');
    expect(await next).to.equal('nobody');
  });

  it('after forget, a failure of a read asked before it does not clear a read asked after it', async function () {
    const before = shared.get().catch((error: Error) => error.message);
    shared.forget();
    const after = shared.get();
    game.fail('the plugin disconnected');
    expect(await before).to.equal('the plugin disconnected');
    const joined = shared.get();
    expect(game.asked, 'a caller now joins the read asked after the forget').to.equal(2);
    game.answer('Alex');
    expect(await Promise.all([after, joined])).to.deep.equal(['Alex', 'Alex']);
  });

  it('keeps a failed read for no one: its callers get the error and the next caller asks again', async function () {
    const failing = [shared.get(), shared.get()].map((answer) => answer.catch((error: Error) => error.message));
    game.fail('the plugin disconnected');
    expect(await Promise.all(failing)).to.deep.equal(['the plugin disconnected', 'the plugin disconnected']);
    const next = shared.get();
    expect(game.asked).to.equal(2);
    game.answer('Steve');
    expect(await next).to.equal('Steve');
  });

  it('gives the last answer while a read behind fails, and asks again after', async function () {
    const first = shared.get();
    game.answer('Steve');
    await first;
    clock += 60;
    expect(await shared.get()).to.equal('Steve');
    game.fail('a timeout');
    await settle();
    expect(await shared.get(), 'still within the stale bound').to.equal('Steve');
    expect(game.asked, 'the failed read behind is asked again').to.equal(3);
  });
});

describe('a group whose changes drop a shared read', function () {
  class Teleports {
    private moved = 0;
    constructor(private readonly refuse: boolean) {}
    async worlds(): Promise<string[]> {
      return ['world'];
    }
    async teleport(name: string): Promise<string> {
      if (this.refuse) throw new Error(`${name} is not online`);
      this.moved += 1;
      return `${name} moved, ${this.moved} so far`;
    }
  }

  it('forgets after each named change, answered or refused, with the group itself as `this`, and not after its other members', async function () {
    let forgets = 0;
    const teleports = forgettingAfter(new Teleports(false), ['teleport'], () => (forgets += 1));
    expect(await teleports.teleport('Steve')).to.equal('Steve moved, 1 so far');
    expect(await teleports.teleport('Alex')).to.equal('Alex moved, 2 so far');
    expect(forgets).to.equal(2);
    expect(await teleports.worlds()).to.deep.equal(['world']);
    expect(forgets, 'a read is not a change').to.equal(2);
    const refusing = forgettingAfter(new Teleports(true), ['teleport'], () => (forgets += 1));
    expect(await refusing.teleport('Ghost').catch((error: Error) => error.message)).to.equal('Ghost is not online');
    expect(forgets, 'a refused change may have done part of its work').to.equal(3);
  });
});
