/**
 * Which sections a run measures: `--only me,transfers` or the names given
 * one by one (`me transfers`); none means all. An unknown name is an error,
 * so a typo does not quietly run nothing or everything.
 */
export function chosenSections(args: string[], known: string[]): string[] {
  const names: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--only') names.push(...(args[++index] ?? '').split(','));
    else if (arg.startsWith('--only=')) names.push(...arg.slice('--only='.length).split(','));
    else names.push(arg);
  }
  const wanted = names.map((name) => name.trim()).filter(Boolean);
  const unknown = wanted.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new Error(`unknown benchmark section ${unknown.join(', ')}; the sections are ${known.join(', ')}`);
  return wanted.length > 0 ? known.filter((name) => wanted.includes(name)) : known;
}
