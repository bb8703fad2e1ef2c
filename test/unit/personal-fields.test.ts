import { expect } from 'chai';
import { checkPersonalFields, withoutFields } from '../../src/http/personal-fields.js';
import { route } from '../../src/http/route.js';
import { t } from '../../src/lib/schema.js';

describe('personal fields of an answer', function () {
  const answer = t.object({
    players: t.array(t.object({ name: t.string(), ipAddress: t.optional(t.string()) })),
    entries: t.array(t.object({ details: t.record(t.unknown()) })),
    email: t.string(),
  });

  it('refuses, at declaration, a path to no field, to a required field, or through something not a list', function () {
    expect(() => checkPersonalFields(answer, ['players[].ipAddress', 'entries[].details.x'], 'GET /x')).to.not.throw();
    expect(() => checkPersonalFields(answer, ['players[].address'], 'GET /x')).to.throw('GET /x: the answer has no field players[].address');
    expect(() => checkPersonalFields(answer, ['email'], 'GET /x')).to.throw(/email must be optional/);
    expect(() => checkPersonalFields(answer, ['email[].x'], 'GET /x')).to.throw(/not a list/);
    expect(() => route({ method: 'GET', path: '/x', access: 'admin', scope: 'players:read', summary: 'x', answer, personal: ['email'], handle: () => ({}) as never })).to.throw(
      /must be optional/,
    );
  });

  it('leaves the fields out of a copy, never out of the object given', function () {
    const given = { players: [{ name: 'a', ipAddress: '10.0.0.1' }, { name: 'b' }], entries: [{ details: { x: 1, world: 'w' } }], email: 'e' };
    const before = JSON.stringify(given);
    expect(withoutFields(given, ['players[].ipAddress', 'entries[].details.x'])).to.deep.equal({
      players: [{ name: 'a' }, { name: 'b' }],
      entries: [{ details: { world: 'w' } }],
      email: 'e',
    });
    expect(JSON.stringify(given)).to.equal(before);
    expect(withoutFields({ current: null }, ['current'])).to.deep.equal({});
  });
});
