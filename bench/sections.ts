/**
 * What a run measures: `--only me,transfers` or the names given one by one
 * (`me transfers`); none means all. An unknown name is an error, so a typo
 * does not quietly run nothing or everything. `--profile <directory>` also
 * profiles the HTTP benchmarks' Gatehouse side (./profile.ts).
 */
export interface RunArguments {
  sections: string[];
  profileDirectory?: string;
}

export function runArguments(args: string[], known: string[]): RunArguments {
  const names: string[] = [];
  let profileDirectory: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--only') names.push(...(args[++index] ?? '').split(','));
    else if (arg.startsWith('--only=')) names.push(...arg.slice('--only='.length).split(','));
    else if (arg === '--profile') profileDirectory = args[++index];
    else if (arg.startsWith('--profile=')) profileDirectory = arg.slice('--profile='.length);
    else names.push(arg);
  }
  if (profileDirectory === '' || (args.includes('--profile') && profileDirectory === undefined)) throw new Error('--profile needs a directory to write the profiles into');
  const wanted = names.map((name) => name.trim()).filter(Boolean);
  const unknown = wanted.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new Error(`unknown benchmark section ${unknown.join(', ')}; the sections are ${known.join(', ')}`);
  return { sections: wanted.length > 0 ? known.filter((name) => wanted.includes(name)) : known, ...(profileDirectory ? { profileDirectory } : {}) };
}
