/**
 * Every type and member of the compile-only API stubs (bridge/stubs), read
 * from the compiled classes with javap: what bridge/README.md lists and what
 * scripts/check-stubs.ts checks against the real Paper and Vault sources.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { stubClasses } from './plugin-paths.js';

export type Kind = 'interface' | 'class' | 'abstract class' | 'final class' | 'enum' | 'annotation';

export interface StubMember {
  /** `method`, `constructor`, `field` or `constant` (of an enum). */
  what: 'method' | 'constructor' | 'field' | 'constant';
  name: string;
  isStatic: boolean;
  /** Erased simple names, e.g. `Collection`; `void` for none; empty for constructors and constants. */
  returns: string;
  parameters: string[];
  /** As javap prints it, less `abstract`. */
  text: string;
}

export interface StubType {
  /** Binary name, e.g. `org.bukkit.Server$Spigot`. */
  name: string;
  kind: Kind;
  members: StubMember[];
}

/** `java.util.Collection<? extends org.bukkit.entity.Player>` to `Collection`; arrays and varargs keep `[]`. */
export function simpleType(type: string): string {
  let erased = type.trim();
  // A type variable (T) erases to Object, as the JVM descriptor has it.
  if (/^[A-Z](\[\])*$/.test(erased)) erased = erased.replace(/^[A-Z]/, 'Object');
  while (/<[^<>]*>/.test(erased)) erased = erased.replace(/<[^<>]*>/g, '');
  erased = erased.replace(/\.\.\.$/, '[]');
  const dims = /(\[\])*$/.exec(erased)![0];
  const base = erased.slice(0, erased.length - dims.length);
  return base.slice(base.lastIndexOf('.') + 1).replace(/.*\$/, '') + dims;
}

function splitParameters(list: string): string[] {
  const parameters: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of list) {
    if (char === '<') depth += 1;
    if (char === '>') depth -= 1;
    if (char === ',' && depth === 0) {
      parameters.push(current);
      current = '';
    } else current += char;
  }
  if (current.trim()) parameters.push(current);
  return parameters.map(simpleType);
}

function kindOf(header: string): Kind {
  if (/ extends java\.lang\.Enum</.test(header)) return 'enum';
  if (/ extends java\.lang\.annotation\.Annotation/.test(header)) return 'annotation';
  if (/\binterface\b/.test(header)) return 'interface';
  if (/\babstract class\b/.test(header)) return 'abstract class';
  if (/\bfinal class\b/.test(header)) return 'final class';
  return 'class';
}

function parseMember(line: string, owner: string, kind: Kind): StubMember | undefined {
  const text = line
    .trim()
    .replace(/;$/, '')
    .replace(/\babstract /, '');
  if (/^private\b|^static \{\}|\$values\(\)/.test(text)) return undefined;
  const simpleOwner = owner.slice(owner.lastIndexOf('.') + 1);
  const isStatic = /\bstatic\b/.test(text);
  if (kind === 'enum' && /^public static (final )?\S+\[\] values\(\)$|^public static \S+ valueOf\(java\.lang\.String\)$/.test(text)) return undefined;
  const call = /^(.*?)([\w$]+)\((.*)\)$/.exec(text);
  if (!call) {
    const field = /^(?:public |protected )?(?:static )?(?:final )?(\S+) (\w+)$/.exec(text)!;
    const constant = kind === 'enum' && isStatic && simpleType(field[1]!) === simpleOwner.replace(/.*\$/, '');
    return { what: constant ? 'constant' : 'field', name: field[2]!, isStatic, returns: constant ? '' : simpleType(field[1]!), parameters: [], text };
  }
  const [, before, name, list] = call;
  if (`${before!.trim().split(' ').pop()}${name}` === owner)
    return { what: 'constructor', name: simpleOwner.replace(/.*\$/, ''), isStatic: false, returns: '', parameters: splitParameters(list!), text };
  const beforeWords = before!
    .trim()
    .replace(/^<.*?>\s*/, '')
    .replace(/\b(public|protected|static|final|default|synchronized|native)\b\s*/g, '')
    .replace(/<[\s\S]*>\s*(?=\S+$)/, '');
  return { what: 'method', name: name!, isStatic, returns: simpleType(beforeWords), parameters: splitParameters(list!), text };
}

export function stubTypes(): StubType[] {
  const files = readdirSync(stubClasses, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.class'));
  const names = files
    .map((file) =>
      file
        .replace(/\.class$/, '')
        .split(path.sep)
        .join('.'),
    )
    .sort();
  const output = execFileSync('javap', ['-p', '-cp', stubClasses, ...names], { encoding: 'utf8' });
  const types: StubType[] = [];
  let current: StubType | undefined;
  for (const line of output.split('\n')) {
    if (/^\S/.test(line) && !line.startsWith('Compiled from') && line.includes('{')) {
      const name = /(?:class|interface) ([\w.$]+)/.exec(line)![1]!;
      current = { name, kind: kindOf(line), members: [] };
      types.push(current);
      continue;
    }
    if (!current || !line.startsWith('  ')) continue;
    const member = parseMember(line, current.name, current.kind);
    // javap also prints the bridge method javac adds for a covariant return; the declared one came first.
    const duplicate = member && current.members.some((seen) => seen.what === member.what && seen.name === member.name && seen.parameters.join() === member.parameters.join());
    if (member && !duplicate) current.members.push(member);
  }
  return types;
}

/** The markdown list of bridge/README.md: one line per type, its members after it. */
export function stubListMarkdown(types = stubTypes()): string {
  return types
    .map((type) => {
      const members = type.members.map((member) => {
        if (member.what === 'constant') return member.name;
        if (member.what === 'field') return `${member.returns} ${member.name}`;
        const signature = `${member.name}(${member.parameters.join(', ')})`;
        if (member.what === 'constructor') return `new ${signature}`;
        return `${member.isStatic ? 'static ' : ''}${member.returns} ${signature}`;
      });
      return `- \`${type.name.replace(/\$/g, '.')}\` (${type.kind}): ${members.length ? members.map((member) => `\`${member}\``).join(', ') : 'no members'}`;
    })
    .join('\n');
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) console.log(stubListMarkdown());
