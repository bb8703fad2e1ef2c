import { expect } from 'chai';
import { type StandingOperator, standingOf } from '../../src/features/keys/standing.js';
import type { ApiKeyRecord } from '../../src/features/keys/store.js';

const now = new Date('2026-11-25T12:00:00.000Z');

function key(id: string, fields: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id,
    name: id,
    prefix: 'ghk_abcdef',
    secretHash: id,
    scopes: ['players:read'],
    createdBy: 'service',
    createdAt: '2026-11-01T00:00:00.000Z',
    expiresAt: null,
    rateLimit: null,
    lastUsedAt: null,
    lastUsedFrom: null,
    rotatedAt: null,
    revokedAt: null,
    ...fields,
  };
}

/** Sources over a set of keys and the operators of a game (undefined: the game cannot be asked). */
function sources(keys: ApiKeyRecord[], operators: string[] | undefined) {
  const asked: string[] = [];
  return {
    asked,
    find: async (id: string) => keys.find((candidate) => candidate.id === id),
    operatorOf: async (record: ApiKeyRecord): Promise<StandingOperator | null> => (record.operator ? { name: record.operator.player, ...record.operator } : null),
    isOperator: async (player: string) => {
      asked.push(player);
      return operators?.includes(player);
    },
  };
}

describe('the standing of an API key', function () {
  it('is its own revocation or expiry first, then a key above it, then an operator it acts for', async function () {
    const maker = key('maker', { operator: { player: 'Chief', did: 'made' } });
    const child = key('child', { madeBy: 'maker' });
    expect(await standingOf(child, sources([maker, child], ['Chief']), now)).to.deep.equal({ status: 'active', reason: null });
    expect(await standingOf(child, sources([maker, child], []), now)).to.deep.equal({ status: 'suspended', reason: 'Chief made a key above it and is not an operator now' });
    const unknown = await standingOf(child, sources([maker, child], undefined), now);
    expect(unknown).to.include({ status: 'suspended', unknown: true });
    const deadMaker = key('maker', { operator: { player: 'Chief', did: 'made' }, revokedAt: '2026-11-20T00:00:00.000Z' });
    expect(await standingOf(child, sources([deadMaker, child], []), now)).to.deep.equal({ status: 'revoked', reason: 'the key that made it (maker) is revoked' });
    const expiredChild = key('child', { madeBy: 'maker', expiresAt: '2026-11-24T00:00:00.000Z' });
    expect(await standingOf(expiredChild, sources([deadMaker, expiredChild], []), now)).to.deep.equal({ status: 'expired', reason: null });
    const rotated = key('rotated', { rotatedBy: 'child', operator: null });
    expect(await standingOf(rotated, sources([maker, child, rotated], []), now)).to.deep.include({ status: 'suspended' });
    const ownOperator = key('own', { operator: { player: 'Boss', did: 'rotated' } });
    expect((await standingOf(ownOperator, sources([ownOperator], ['Chief']), now)).reason).to.equal('Boss rotated it and is not an operator now');
  });

  it('asks no operator for a key of the service token, and stops on a loop of rotations', async function () {
    const looped = [key('a', { rotatedBy: 'b' }), key('b', { rotatedBy: 'a' })];
    const asking = sources(looped, []);
    expect(await standingOf(looped[0]!, asking, now)).to.deep.equal({ status: 'active', reason: null });
    expect(asking.asked).to.deep.equal([]);
  });
});
