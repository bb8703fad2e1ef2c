/**
 * What validation refuses whatever the schema says.
 *
 * A number in a query is a finite number or it is refused: the text `1e309`
 * or `Infinity` reads as Infinity, which passed the integer and bound
 * checks, came back as `null` in the answer's pagination on the JSON store
 * and was a 500 on PostgreSQL (`invalid input syntax for type bigint:
 * "Infinity"`). A body's `1e309` was refused already (a guard here), and an
 * answer holding one is refused by the answer check too.
 *
 * A string a client sends holds no NUL character (U+0000): PostgreSQL's text
 * cannot hold one, so such a string failed a statement there (a 500, seen
 * for a registration code, a key's id and a webhook's id) where the JSON
 * store kept it. It is a 400 naming the field on both, before anything else
 * is checked. Passwords (kept only as a hash) and a query's unknown
 * parameters (ignored) are not looked into, and data read back from a store
 * is checked by its schema alone.
 */
import { expect } from 'chai';
import { ApiError } from '../../src/errors.js';
import { answerMismatch, refuseNul, validate, validateBody, validateQuery } from '../../src/http/validation.js';
import { t } from '../../src/lib/schema.js';

const paging = t.object({
  page: t.integer({ default: 1, minimum: 1, maximum: 1_000_000 }),
  limit: t.integer({ default: 100, minimum: 1, maximum: 500 }),
});
const unbounded = t.object({ count: t.optional(t.integer()), ratio: t.optional(t.number()) });

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
      const cases: Array<[object, string]> = [
        [paging, 'page'],
        [paging, 'limit'],
        [unbounded, 'count'],
        [unbounded, 'ratio'],
      ];
      for (const [schema, name] of cases) {
        const error = refusal(() => validateQuery(schema as typeof unbounded, { [name]: text }));
        expect([error.status, error.code, error.details.field], name).to.deep.equal([400, 'invalid_field', name]);
      }
    });
  }

  it('refuses 1e309 in a JSON body, with or without bounds (refused before this change too)', function () {
    expect(refusal(() => validateBody(unbounded, JSON.parse('{"count": 1e309}'))).details.field).to.equal('count');
    expect(refusal(() => validateBody(paging, JSON.parse('{"limit": 1e309}'))).details.field).to.equal('limit');
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
    const top = refusal(() => validateBody(body, { code: 'AB\u0000CD', items: [] }));
    expect([top.status, top.code, top.details.field]).to.deep.equal([400, 'invalid_field', 'code']);
    expect(top.message).to.equal('code must not contain a NUL character (U+0000)');
    const deep = refusal(() => validateBody(body, { code: 'ABCD', items: [{ name: 'ok' }, { name: '\u0000' }] }));
    expect(deep.details.field).to.equal('items.1.name');
  });

  it('names the first one in the order written, and refuses it before any other fault', function () {
    expect(refusal(() => refuseNul({ a: 'x', b: '\u0000', c: '\u0000' }, 'body')).details.field).to.equal('b');
    expect(refusal(() => refuseNul({ a: ['ok', { 'k\u0000': 1 }], b: '\u0000' }, 'body')).details.field).to.equal('a.1');
    // A key the schema does not know, with a NUL in it: the NUL is what the answer is about.
    const unknownKey = refusal(() => validateBody(body, { code: 'x', items: [], 'x\u0000y': 1 }));
    expect(unknownKey.message).to.equal('body must not contain a NUL character (U+0000)');
  });

  it("refuses one in a query's known parameter and in a path parameter, and leaves out a query's unknown ones (even one given twice)", function () {
    const search = t.object({ search: t.optional(t.string()) });
    expect(refusal(() => validateQuery(search, { search: 'a\u0000' })).details.field).to.equal('search');
    expect(validateQuery(search, { search: 'a', _: '\u0000', other: ['1', '2'] })).to.deep.equal({ search: 'a' });
    const path = refusal(() => refuseNul({ id: 'scopes\u0000' }, 'path'));
    expect([path.status, path.details.field]).to.deep.equal([400, 'id']);
  });

  it('does not look into passwords, which are kept only as their hash', function () {
    const login = t.object({ username: t.string(), password: t.string() });
    expect(validateBody(login, { username: 'alex', password: 'old\u0000one' })).to.deep.equal({ username: 'alex', password: 'old\u0000one' });
    expect(refusal(() => validateBody(login, { username: 'al\u0000ex', password: 'x' })).details.field).to.equal('username');
    // Only the body's own password fields: a key of that name deeper down is text like any other.
    expect(refusal(() => refuseNul({ settings: { password: 'x\u0000' } }, 'body')).details.field).to.equal('settings.password');
  });

  it('walks any depth of nesting without recursion', function () {
    let nested: unknown = ['\u0000'];
    for (let depth = 0; depth < 200_000; depth += 1) nested = [nested];
    expect(refusal(() => refuseNul(nested, 'body')).status).to.equal(400);
  });

  it("takes every other character, the other control characters included (their own checks are the schemas')", function () {
    const value = { code: 'AB\u0001CD \u2028 é 😀 \\0 %00', items: [{ name: '\u007f' }] };
    expect(validateBody(body, value)).to.equal(value);
  });

  it('leaves data read back from a store to its schema (a NUL an earlier release kept does not stop a start)', function () {
    expect(validate(body, { code: 'kept\u0000', items: [] })).to.deep.include({ code: 'kept\u0000' });
  });
});
