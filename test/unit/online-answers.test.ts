import { expect } from 'chai';
import { OnlinePlayersAnswers, type OnlinePlayersView } from '../../src/features/players/online-answers.js';
import type { OnlinePlayer } from '../../src/game/port.js';

const player = (name: string, server?: string): OnlinePlayer => ({
  name,
  uuid: `uuid-${name}`,
  ipAddress: '10.0.0.7',
  location: { world: 'world', x: 1, y: 64, z: -2, yaw: 90, pitch: 0 },
  gameMode: 'survival',
  ping: 12.4,
  ...(server === undefined ? {} : { server }),
});

describe("GET /api/players' answers, made once for the list they show", function () {
  const roster = [player('Steve'), player('Alex', 'creative')];
  const asAdmin: OnlinePlayersView = { forAdmin: true, server: undefined, ownServerId: 'survival', maxPlayers: 20 };
  let accounts: Set<string>;
  let looks: number;
  const accountsOf = async (uuids: readonly string[]) => {
    looks += 1;
    return new Set(uuids.filter((uuid) => accounts.has(uuid)));
  };
  let answers: OnlinePlayersAnswers;

  beforeEach(function () {
    accounts = new Set(['uuid-Steve']);
    looks = 0;
    answers = new OnlinePlayersAnswers();
  });

  it('answers each player with their account, server and (for an admin) address and place, and the counts', async function () {
    const made = await answers.answer(roster, asAdmin, accountsOf);
    expect(JSON.parse(made.json)).to.deep.equal(made.body);
    expect(made.body).to.deep.equal({
      success: true,
      players: [
        {
          name: 'Steve',
          uuid: 'uuid-Steve',
          world: 'world',
          gameMode: 'survival',
          ping: 12,
          hasAccount: true,
          server: 'survival',
          ipAddress: '10.0.0.7',
          location: { x: 1, y: 64, z: -2, yaw: 90, pitch: 0 },
        },
        {
          name: 'Alex',
          uuid: 'uuid-Alex',
          world: 'world',
          gameMode: 'survival',
          ping: 12,
          hasAccount: false,
          server: 'creative',
          ipAddress: '10.0.0.7',
          location: { x: 1, y: 64, z: -2, yaw: 90, pitch: 0 },
        },
      ],
      count: 2,
      max: 20,
    });
    const forPlayer = await answers.answer(roster, { ...asAdmin, forAdmin: false }, accountsOf);
    expect(forPlayer.body.players[0]).to.not.have.any.keys('ipAddress', 'location');
    const oneServer = await answers.answer(roster, { ...asAdmin, server: 'creative' }, accountsOf);
    expect(oneServer.body.players.map((entry) => entry.name)).to.deep.equal(['Alex']);
    expect(oneServer.body.count).to.equal(1);
  });

  it('gives the same answer for the same list and view, and makes it again for a new account, a new list or another maximum', async function () {
    const first = await answers.answer(roster, asAdmin, accountsOf);
    expect(await answers.answer(roster, asAdmin, accountsOf), 'made once').to.equal(first);
    expect(looks, 'the accounts are looked at each time').to.equal(2);

    accounts.add('uuid-Alex');
    const withAlex = await answers.answer(roster, asAdmin, accountsOf);
    expect(withAlex).to.not.equal(first);
    expect(withAlex.body.players.map((entry) => entry.hasAccount)).to.deep.equal([true, true]);

    const moved = [{ ...roster[0]!, location: { ...roster[0]!.location, x: 500 } }, roster[1]!];
    expect((await answers.answer(moved, asAdmin, accountsOf)).body.players[0]!.location!.x, 'another list from the game').to.equal(500);
    expect((await answers.answer(roster, { ...asAdmin, maxPlayers: 50 }, accountsOf)).body.max).to.equal(50);
  });
});
