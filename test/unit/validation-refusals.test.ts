/**
 * What validation refuses whatever the schema says.
 *
 * A number a client sends is a finite number or it is refused: a query's
 * text `1e309` or `Infinity` reads as Infinity, and so does `1e309` in a JSON
 * body. Such a value once passed the integer and bound checks, came back as
 * `null` in the answer's pagination on the JSON store and was a 500 on
 * PostgreSQL (`invalid input syntax for type bigint: "Infinity"`). An answer
 * holding one is refused by the answer check as well.
 *
 * A string a client sends holds no NUL character (U+0000): PostgreSQL's text
 * cannot hold one, so such a string failed a statement there (a 500, seen
 * for a registration code, a key's id and a webhook's id) where the JSON
 * store kept it. It is a 400 naming the field on both.
 */
import { expect } from 'chai';
import { ApiError } from '../../src/errors.js';
import { answerMismatch, refuseNul, validate, validateQuery } from '../../src/http/validation.js';
import { t } from '../../src/lib/schema.js';

const paging = t.object({
  page: t.integer({ default: 1, minimum: 1, maximum: 1_000_000 }),
  limit: t.integer({ default: 100, minimum: 1, maximum: 500 }),
});
const unbounded = t.object({ count: t.integer(), ratio: t.number() });

function refusal(work: () => unknown): ApiError {
  try {
    work();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('validation: numbers are finite', function () {
  for (const text of ['1e309', 'Infinity', '-Infinity', '-1e309']) {
    it(`refuses ${text} in a query, naming the field, with or without bounds`, function () {
      for (const name of ['page', 'limit'] as const) {
        const error = refusal(() => validateQuery(paging, { [name]: text }));
        expect(error.status).to.equal(400);
        expect(error.code).to.equal('invalid_field');
        expect(error.details.field).to.equal(name);
      }
      expect(refusal(() => validateQuery(unbounded, { count: text })).status).to.equal(400);
      expect(refusal(() => validateQuery(unbounded, { ratio: text })).status).to.equal(400);
    });
  }

  it('refuses 1e309 in a JSON body, with or without bounds', function () {
    const body = JSON.parse('{"count": 1e309, "ratio": 1}') as unknown;
    expect(refusal(() => validate(unbounded, body)).status).to.equal(400);
    expect(refusal(() => validate(paging, JSON.parse('{"limit": 1e309}'))).status).to.equal(400);
  });

  it('still reads finite numbers from a query', function () {
    expect(validateQuery(paging, { page: '2', limit: '1e2' })).to.deep.equal({ page: 2, limit: 100 });
    expect(validateQuery(unbounded, { count: '-3', ratio: '0.5' })).to.deep.equal({ count: -3, ratio: 0.5 });
  });

  it('finds an infinite number in an answer', function () {
    expect(answerMismatch(unbounded, { count: 1, ratio: Number.POSITIVE_INFINITY })).to.be.a('string');
    expect(answerMismatch(unbounded, { count: 1, ratio: 2 })).to.equal(undefined);
  });
});

describe('validation: no NUL character in what a client sends', function () {
  const body = t.object({ code: t.string(), items: t.array(t.object({ name: t.string() })), note: t.optional(t.string()) });

  it('refuses one in a body string, at any depth, naming the field', function () {
    const top = refusal(() => validate(body, { code: 'AB\u0000CD', items: [] }));
    expect([top.status, top.code, top.details.field]).to.deep.equal([400, 'invalid_field', 'code']);
    expect(top.message).to.equal('code must not contain a NUL character (U+0000)');
    const deep = refusal(() => validate(body, { code: 'ABCD', items: [{ name: 'ok' }, { name: '\u0000' }] }));
    expect(deep.details.field).to.equal('items.1.name');
  });

  it('refuses one in a query value and in a path parameter', function () {
    expect(refusal(() => validateQuery(paging, { page: '2', search: 'a\u0000' })).details.field).to.equal('search');
    const path = refusal(() => refuseNul({ id: 'scopes\u0000' }, 'path'));
    expect([path.status, path.details.field]).to.deep.equal([400, 'id']);
  });

  it('refuses one in an object key, and walks any depth of nesting without recursion', function () {
    expect(refusal(() => refuseNul({ settings: { 'a\u0000b': 1 } }, 'body')).details.field).to.equal('settings');
    let nested: unknown = ['\u0000'];
    for (let depth = 0; depth < 200_000; depth += 1) nested = [nested];
    expect(refusal(() => refuseNul(nested, 'body')).status).to.equal(400);
  });

  it("takes every other character, the other control characters included (their own checks are the schemas')", function () {
    const value = { code: 'AB\u0001CD \u2028 é 😀 \\0 %00', items: [{ name: '\u007f' }] };
    expect(validate(body, value)).to.equal(value);
  });
});
