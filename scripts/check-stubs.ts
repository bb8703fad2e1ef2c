/**
 * Checks every type and member of the API stubs (bridge/stubs, compiled by
 * npm run build) against the real sources: each type's kind, and for each
 * member its name, owner (it must be declared on the same type as in the
 * real source, not only inherited there), static-ness, parameter types and
 * return type, erased to simple names as in a JVM descriptor. Needs git checkouts, which tests cannot fetch here, so it is a
 * tool to run by hand after changing a stub:
 *
 *   node build/scripts/check-stubs.js --paper <PaperMC/Paper git dir> --vault <MilkBowl/VaultAPI git dir> [--refs ver/1.21.4,HEAD]
 *
 * It prints one line per member that does not match and a count per ref;
 * it exits with 1 if anything does not match.
 */
import { execFileSync } from 'node:child_process';
import { simpleType, stubTypes, type StubMember, type StubType } from './stub-members.js';

interface Repository {
  dir: string;
  ref: string;
  sourceRoot: string;
}

const keywords = new Set(['return', 'new', 'throw', 'else', 'case', 'if', 'while', 'for', 'switch', 'catch', 'synchronized', 'assert', 'yield']);

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

const sourceCache = new Map<string, string | undefined>();
/** The file's text without comments and annotations, or undefined when the ref has no such file. */
function source(repository: Repository, path: string): string | undefined {
  const key = `${repository.dir}@${repository.ref}:${path}`;
  if (!sourceCache.has(key)) {
    let text: string | undefined;
    try {
      text = execFileSync('git', ['-C', repository.dir, 'show', `${repository.ref}:${repository.sourceRoot}/${path}`], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch {
      text = undefined;
    }
    sourceCache.set(key, text === undefined ? undefined : clean(text));
  }
  return sourceCache.get(key);
}

function clean(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, ' ')
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
    .replace(/@(?!interface\b)[\w.]+(\s*\((?:[^()]|\([^()]*\))*\))?/g, ' ')
    .replace(/\b[\w.]+\.\s+(?=[A-Z]\w*)/g, (match) => match.replace(/\s+/g, ''));
}

function withoutGenerics(text: string): string {
  let result = text;
  while (/<[^<>]*>/.test(result)) result = result.replace(/<[^<>]*>/g, '');
  return result;
}

/** The balanced text from `(` at `open` to its `)`. */
function parenthesised(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    if (text[i] === ')') {
      depth -= 1;
      if (depth === 0) return text.slice(open + 1, i);
    }
  }
  return '';
}

function parameterTypes(list: string): string[] {
  const erased = withoutGenerics(list).trim();
  if (!erased) return [];
  return erased.split(',').map((parameter) => {
    const words = parameter
      .replace(/\bfinal\b/g, '')
      .trim()
      .split(/\s+/);
    const type = words
      .slice(0, -1)
      .join('')
      .replace(/\.\.\.$/, '[]');
    return simpleType(type);
  });
}

interface Declaration {
  name: string;
  modifiers: string[];
  returns: string;
  parameters: string[];
}

/** Method and constructor declarations named `name` in a cleaned source. */
function declarations(text: string, name: string): Declaration[] {
  const found: Declaration[] = [];
  const pattern = new RegExp(`(?<![\\w.$])${name.replace(/\$/g, '\\$')}\\s*\\(`, 'g');
  for (const match of text.matchAll(pattern)) {
    const start = Math.max(text.lastIndexOf(';', match.index), text.lastIndexOf('{', match.index), text.lastIndexOf('}', match.index), text.lastIndexOf(')', match.index - 1)) + 1;
    // `@Nullable ItemStack @NotNull []` loses its annotations and leaves `ItemStack  []`.
    const header = withoutGenerics(text.slice(start, match.index))
      .replace(/\s+\[\]/g, '[]')
      .trim();
    const words = header.split(/\s+/).filter(Boolean);
    if (words.some((word) => keywords.has(word) || /[=+\-*/!&|?:]/.test(word))) continue;
    const modifiers = words.filter((word) => /^(public|protected|private|static|final|abstract|default|native|synchronized)$/.test(word));
    const rest = words.filter((word) => !modifiers.includes(word));
    if (rest.length > 1) continue;
    const parameters = parameterTypes(parenthesised(text, text.indexOf('(', match.index)));
    found.push({ name, modifiers, returns: rest.length ? simpleType(rest[0]!) : '', parameters });
  }
  return found;
}

function sourcePath(binaryName: string): { path: string; simple: string } {
  const outer = binaryName.split('$')[0]!;
  return {
    path: `${outer.replace(/\./g, '/')}.java`,
    simple: binaryName
      .slice(binaryName.lastIndexOf('.') + 1)
      .split('$')
      .pop()!,
  };
}

function declaredKind(text: string, simple: string): string | undefined {
  const match = new RegExp(`\\b((?:(?:public|protected|private|static|final|abstract|sealed|non-sealed)\\s+)*)(class|interface|enum|@interface|record)\\s+${simple}\\b`).exec(text);
  if (!match) return undefined;
  if (match[2] === '@interface') return 'annotation';
  if (match[2] !== 'class') return match[2];
  if (/\babstract\b/.test(match[1]!)) return 'abstract class';
  if (/\bfinal\b/.test(match[1]!)) return 'final class';
  return 'class';
}

/** The type's own file and the files of its supertypes, as far as they are in the repository. */
function hierarchy(repository: Repository, binaryName: string, seen = new Set<string>()): string[] {
  if (seen.has(binaryName)) return [];
  seen.add(binaryName);
  const { path, simple } = sourcePath(binaryName);
  const text = source(repository, path);
  if (text === undefined) return [];
  const files = [path];
  const header = new RegExp(`\\b(?:class|interface|enum)\\s+${simple}\\b([^{]*)\\{`).exec(withoutGenerics(text))?.[1] ?? '';
  const supers = header
    .replace(/\b(extends|implements|permits)\b/g, ',')
    .split(',')
    .map((word) => word.trim())
    .filter((word) => /^[\w.]+$/.test(word));
  const packageName = /\bpackage\s+([\w.]+)\s*;/.exec(text)?.[1] ?? '';
  for (const name of supers) {
    const imported = new RegExp(`\\bimport\\s+([\\w.]+\\.${name.split('.').pop()})\\s*;`).exec(text)?.[1];
    const qualified = name.includes('.') ? name : (imported ?? `${packageName}.${name}`);
    for (const file of hierarchy(repository, qualified, seen)) if (!files.includes(file)) files.push(file);
  }
  return files;
}

/** The file of `files` (the type's own first, then its supertypes') that declares the member, or undefined. */
function declaringFile(repository: Repository, type: StubType, member: StubMember, files: string[]): string | undefined {
  return files.find((file) => memberMatches(repository, type, member, [file]));
}

function memberMatches(repository: Repository, type: StubType, member: StubMember, files: string[]): boolean {
  const { simple } = sourcePath(type.name);
  const texts = files.map((file) => source(repository, file)!).filter(Boolean);
  if (member.what === 'constant') return texts.some((text) => new RegExp(`(^|[\\s,{;])${member.name}\\s*(\\(|,|;|\\{|$)`, 'm').test(text));
  if (member.what === 'field') {
    return texts.some((text) =>
      [...withoutGenerics(text).matchAll(new RegExp(`((?:\\w+\\s+)*)([\\w.\\[\\]]+)\\s+${member.name}\\s*[;=]`, 'g'))].some(
        (match) => simpleType(match[2]!) === member.returns && /\bstatic\b/.test(match[1]!) === member.isStatic,
      ),
    );
  }
  const wanted = member.what === 'constructor' ? simple : member.name;
  const pool = member.what === 'constructor' ? texts.slice(0, 1) : texts;
  // A class that declares no constructor has the implicit public one without parameters.
  const declaresNone = member.what === 'constructor' && declarations(texts[0] ?? '', simple).filter((declaration) => declaration.returns === '').length === 0;
  if (declaresNone && member.parameters.length === 0) return true;
  return pool.some((text) =>
    declarations(text, wanted).some(
      (declaration) =>
        declaration.parameters.join() === member.parameters.join() &&
        (member.what === 'constructor' ? declaration.returns === '' : declaration.returns === member.returns && declaration.modifiers.includes('static') === member.isStatic),
    ),
  );
}

function check(repositories: { bukkit: Repository; vault: Repository }): number {
  let problems = 0;
  let checked = 0;
  for (const type of stubTypes()) {
    const repository = type.name.startsWith('net.milkbowl.') ? repositories.vault : repositories.bukkit;
    const { path, simple } = sourcePath(type.name);
    const text = source(repository, path);
    if (text === undefined) {
      console.log(`  ${type.name}: no ${path} at ${repository.ref}`);
      problems += 1;
      continue;
    }
    const kind = declaredKind(text, simple);
    checked += 1;
    if (kind !== type.kind) {
      console.log(`  ${type.name}: the stub is ${type.kind}, ${repository.ref} has ${kind ?? 'no declaration'}`);
      problems += 1;
    }
    const files = hierarchy(repository, type.name);
    for (const member of type.members) {
      checked += 1;
      const declaredIn = declaringFile(repository, type, member, files);
      if (!declaredIn) {
        console.log(`  ${type.name}: no match at ${repository.ref} for ${member.text}`);
        problems += 1;
      } else if (declaredIn !== files[0]) {
        // The call would still link (the JVM looks up the supertypes), but the stub would name the wrong owner.
        console.log(`  ${type.name}: ${member.text} is declared in ${declaredIn} at ${repository.ref}, not in ${path}`);
        problems += 1;
      }
    }
  }
  console.log(`${repositories.bukkit.ref}: ${checked} types and members checked, ${problems} not matching`);
  return problems;
}

const paper = argument('--paper');
const vault = argument('--vault');
if (!paper || !vault) {
  console.error('usage: node build/scripts/check-stubs.js --paper <Paper git dir> --vault <VaultAPI git dir> [--refs ver/1.21.4,HEAD]');
  process.exit(2);
}
let failures = 0;
for (const ref of (argument('--refs') ?? 'ver/1.21.4,HEAD').split(',')) {
  failures += check({ bukkit: { dir: paper, ref, sourceRoot: 'paper-api/src/main/java' }, vault: { dir: vault, ref: 'HEAD', sourceRoot: 'src/main/java' } });
}
process.exit(failures > 0 ? 1 : 0);
