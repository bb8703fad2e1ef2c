/**
 * Reads the NBT text vanilla prints for `data get` (its TextComponentTagVisitor,
 * no indentation): compounds `{key: value}` (keys in hash order, quoted when
 * they hold other than `[A-Za-z0-9._+-]`), lists `[a, b]`, typed arrays
 * `[I; 1, 2]`, numbers with their type suffix (`1b`, `2s`, `3L`, `1.5f`,
 * `1.5d`, ints bare), strings in double or single quotes with `\` escapes.
 * Numbers come back as numbers, whatever their NBT type.
 */
export type Snbt = number | string | Snbt[] | { [key: string]: Snbt };

export class SnbtError extends Error {
  override name = 'SnbtError';
}

export function parseSnbt(text: string): Snbt {
  const reader = new Reader(text);
  const value = reader.value();
  reader.skipSpaces();
  if (!reader.atEnd()) reader.fail('text after the value');
  return value;
}

/** One value at `start` of a longer text (replies of several players glued together); where it ends. */
export function parseSnbtAt(text: string, start: number): { value: Snbt; end: number } {
  const reader = new Reader(text, start);
  const value = reader.value();
  return { value, end: reader.offset };
}

class Reader {
  constructor(
    private readonly text: string,
    private position = 0,
  ) {}

  get offset(): number {
    return this.position;
  }

  atEnd(): boolean {
    return this.position >= this.text.length;
  }

  fail(what: string): never {
    throw new SnbtError(`${what} at ${this.position} in ${this.text.slice(Math.max(0, this.position - 20), this.position + 20)}`);
  }

  skipSpaces(): void {
    while (/\s/.test(this.text[this.position] ?? '')) this.position += 1;
  }

  value(): Snbt {
    this.skipSpaces();
    const next = this.text[this.position];
    if (next === '{') return this.compound();
    if (next === '[') return this.list();
    if (next === '"' || next === "'") return this.quoted();
    return this.bare();
  }

  private expect(character: string): void {
    this.skipSpaces();
    if (this.text[this.position] !== character) this.fail(`expected "${character}"`);
    this.position += 1;
  }

  private compound(): { [key: string]: Snbt } {
    this.expect('{');
    const result: { [key: string]: Snbt } = {};
    this.skipSpaces();
    if (this.text[this.position] === '}') {
      this.position += 1;
      return result;
    }
    for (;;) {
      this.skipSpaces();
      const next = this.text[this.position];
      const key = next === '"' || next === "'" ? this.quoted() : this.word();
      if (key === '') this.fail('expected a key');
      this.expect(':');
      result[key] = this.value();
      this.skipSpaces();
      if (this.text[this.position] === ',') {
        this.position += 1;
        continue;
      }
      this.expect('}');
      return result;
    }
  }

  private list(): Snbt[] {
    this.expect('[');
    this.skipSpaces();
    // A typed array: [B; ...], [I; ...], [L; ...].
    const typed = /^([BIL]);/.exec(this.text.slice(this.position, this.position + 2));
    if (typed) this.position += 2;
    const items: Snbt[] = [];
    this.skipSpaces();
    if (this.text[this.position] === ']') {
      this.position += 1;
      return items;
    }
    for (;;) {
      items.push(this.value());
      this.skipSpaces();
      if (this.text[this.position] === ',') {
        this.position += 1;
        continue;
      }
      this.expect(']');
      return items;
    }
  }

  private quoted(): string {
    const quote = this.text[this.position]!;
    this.position += 1;
    let result = '';
    for (;;) {
      if (this.atEnd()) this.fail('an unterminated string');
      const character = this.text[this.position]!;
      this.position += 1;
      if (character === '\\') {
        const escaped = this.text[this.position];
        if (escaped === undefined) this.fail('an unterminated escape');
        this.position += 1;
        result += escaped === 'n' ? '\n' : escaped === 't' ? '\t' : escaped;
        continue;
      }
      if (character === quote) return result;
      result += character;
    }
  }

  private word(): string {
    const start = this.position;
    while (/[A-Za-z0-9._+-]/.test(this.text[this.position] ?? '')) this.position += 1;
    return this.text.slice(start, this.position);
  }

  private bare(): Snbt {
    const word = this.word();
    if (word === '') this.fail('expected a value');
    const number = /^(-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)([bBsSlLfFdD]?)$/.exec(word);
    if (number) return Number(number[1]);
    if (word === 'true') return 1;
    if (word === 'false') return 0;
    return word;
  }
}
