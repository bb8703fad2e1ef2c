import { expect } from 'chai';
import { generateRegistrationCode, normalizeRegistrationCode, registrationCodeAlphabet } from '../../src/features/accounts/registration-codes.js';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';

describe('registration codes', function () {
  it('are 8 characters from an alphabet without look-alikes', function () {
    expect(registrationCodeAlphabet).to.not.match(/[01IOL]/);
    const codes = new Set(Array.from({ length: 2000 }, () => generateRegistrationCode()));
    expect(codes.size).to.equal(2000);
    for (const code of codes) expect(code).to.match(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/);
  });

  it('use every letter of the alphabet', function () {
    const seen = new Set(Array.from({ length: 500 }, () => generateRegistrationCode()).join(''));
    expect([...seen].sort().join('')).to.equal([...registrationCodeAlphabet].sort().join(''));
  });

  it('ignore case, spaces and dashes when typed', function () {
    expect(normalizeRegistrationCode(' ab2c-d3ef ')).to.equal('AB2CD3EF');
  });
});

describe('offline player UUIDs', function () {
  it('match what offline-mode servers give a name', function () {
    // The UUID minecraft-protocol gave "Steve" when he joined the embedded server.
    expect(offlinePlayerUuid('Steve')).to.equal('5627dd98-e6be-3c21-b8a8-e92344183641');
  });
});
