import { readFile } from 'node:fs/promises';
import YAML from 'yaml';
import { codesInForce, type ChatLine, type ChatPart } from '../game/chat-line.js';
import { translateColourCodes } from '../lib/colours.js';
import { defaultTexts, type TextKey, type TextValues } from './defaults.js';

export class TextsError extends Error {
  override name = 'TextsError';
}

/** The in-game texts: messages.yml over the defaults, checked at start. */
export class GameTexts {
  private constructor(
    private readonly texts: Record<TextKey, string>,
    /** What start-up should tell the owner about their messages.yml (a placeholder added since their text was written). */
    readonly warnings: readonly string[] = [],
  ) {}

  static defaults(): GameTexts {
    return new GameTexts(Object.fromEntries(Object.entries(defaultTexts).map(([key, { text }]) => [key, text])) as Record<TextKey, string>);
  }

  /**
   * Reads `file` (a missing file means the defaults). An unknown key, a text
   * that is not a string, a placeholder the text does not know, or one it
   * must show and does not, stops start-up naming the key. A placeholder
   * added in a later release (`addedLater`) that an owner's text lacks is
   * put after the text, with a warning: an upgrade does not stop at start.
   */
  static async load(file: string): Promise<GameTexts> {
    let parsed: unknown;
    try {
      parsed = YAML.parse(await readFile(file, 'utf8')) ?? {};
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return GameTexts.defaults();
      throw new TextsError(`${file} cannot be read: ${(error as Error).message}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new TextsError(`${file} must hold a mapping of keys to texts`);
    const texts = GameTexts.defaults().texts;
    const warnings: string[] = [];
    for (const [key, value] of Object.entries(flatten(parsed as Record<string, unknown>))) {
      const definition = defaultTexts[key as TextKey];
      if (!definition) throw new TextsError(`${file}: unknown key "${key}"`);
      if (typeof value !== 'string') throw new TextsError(`${file}: "${key}" must be a text`);
      const declared: readonly string[] = definition.placeholders;
      for (const [, used] of value.matchAll(/\{([a-z-]+)\}/g)) {
        if (!declared.includes(used!))
          throw new TextsError(`${file}: "${key}" uses the unknown placeholder {${used}} (it knows ${declared.map((name) => `{${name}}`).join(', ') || 'none'})`);
      }
      const addedLater: readonly string[] = 'addedLater' in definition ? definition.addedLater : [];
      let text = value;
      for (const name of declared) {
        if (value.includes(`{${name}}`)) continue;
        if (!addedLater.includes(name)) throw new TextsError(`${file}: "${key}" must show the placeholder {${name}}`);
        text += ` {${name}}`;
        warnings.push(
          `${file}: "${key}" does not show {${name}} (${placeholderMeanings[name] ?? name}, added in this release); it is shown after the text: put {${name}} where it should stand`,
        );
      }
      texts[key as TextKey] = text;
    }
    return new GameTexts(texts, warnings);
  }

  /** The text with its placeholders filled and `&` colour codes translated for the game. */
  render<K extends TextKey>(key: K, ...values: keyof TextValues<K> extends never ? [] : [TextValues<K>]): string {
    const filled = this.texts[key].replace(/\{([a-z-]+)\}/g, (whole, name: string) => {
      const value = (values[0] as Record<string, string | number> | undefined)?.[name];
      return value === undefined ? whole : String(value);
    });
    return translateColourCodes(filled);
  }

  /**
   * The text as a chat line in which the placeholders of `links` are links,
   * each showing its `text` and opening its `url` when clicked; the others
   * filled as render fills them. Each text part begins with the `§` codes
   * in force where it begins, since the game shows every part from plain;
   * a link has none of its own (every adapter shows links alike: aqua,
   * underlined).
   */
  renderLine<K extends TextKey>(key: K, values: Partial<TextValues<K>>, links: Partial<Record<keyof TextValues<K>, { text: string; url: string }>>): ChatLine {
    const pieces: ChatPart[] = [];
    let pending = '';
    const flush = () => {
      if (pending) pieces.push({ text: translateColourCodes(pending) });
      pending = '';
    };
    for (const [index, token] of this.texts[key].split(/\{([a-z-]+)\}/).entries()) {
      // split with a group: even indexes are text, odd ones placeholder names.
      if (index % 2 === 0) pending += token;
      else if ((links as Record<string, { text: string; url: string }>)[token]) {
        flush();
        const link = (links as Record<string, { text: string; url: string }>)[token]!;
        pieces.push({ text: link.text, url: link.url });
      } else {
        const value = (values as Record<string, string | number>)[token];
        pending += value === undefined ? `{${token}}` : String(value);
      }
    }
    flush();
    let active = '';
    return {
      parts: pieces.map((piece) => {
        if (piece.url !== undefined) return piece;
        const part = { text: active + piece.text };
        active = codesInForce(piece.text, active);
        return part;
      }),
    };
  }
}

/** What a placeholder added in a later release stands for, in the warning about a text without it. */
const placeholderMeanings: Record<string, string> = { url: "the portal's address" };

/** `{register: {code: '...'}}` and `{'register.code': '...'}` both name `register.code`. */
function flatten(object: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && !(path in defaultTexts)) Object.assign(flat, flatten(value as Record<string, unknown>, `${path}.`));
    else flat[path] = value;
  }
  return flat;
}
