/**
 * The JDK the bridge build needs (javac and jar, 17 or later). When it is
 * missing and this is a Debian machine run as root (CI), it is installed from
 * Debian's packages; otherwise the build stops and says what to install.
 */
import { execFileSync } from 'node:child_process';

function javacVersion(): number | undefined {
  try {
    const output = execFileSync('javac', ['-version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return Number(/javac (\d+)/.exec(output)?.[1]);
  } catch {
    return undefined;
  }
}

function canInstall(): boolean {
  try {
    execFileSync('apt-get', ['--version'], { stdio: 'ignore' });
    return process.getuid?.() === 0;
  } catch {
    return false;
  }
}

export function ensureJdk(): void {
  const version = javacVersion();
  if (version !== undefined && version >= 17) return;
  if (!canInstall()) {
    throw new Error(`the bridge plugin needs a JDK 17 or later (javac and jar on the PATH)${version ? `; found javac ${version}` : ''}: install openjdk-17-jdk-headless or later`);
  }
  console.log('Installing a JDK for the bridge plugin (apt-get install openjdk-17-jdk-headless)');
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'openjdk-17-jdk-headless'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
