/**
 * Where the desktop host keeps its files: the user's data folder of each system, or KEYTUNE_DATA_DIR when set (tests
 * and portable installs point it elsewhere). The folder and its files are private to the user.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export const DATA_DIR_ENV = 'KEYTUNE_DATA_DIR';

export interface DataDirInputs {
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  home: string;
}

/** The data folder for these inputs: Linux XDG_DATA_HOME or ~/.local/share, %APPDATA% on Windows, Mac's own. */
export function dataDirFor({ env, platform, home }: DataDirInputs): string {
  const override = env[DATA_DIR_ENV];
  if (override) return override;
  if (platform === 'win32') return join(env['APPDATA'] || join(home, 'AppData', 'Roaming'), 'Keytune');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Keytune');
  return join(env['XDG_DATA_HOME'] || join(home, '.local', 'share'), 'keytune');
}

export function dataDir(): string {
  return dataDirFor({ env: process.env, platform: process.platform, home: homedir() });
}

/**
 * Makes the data folder the user's only: the folder 0700, every file in it 0600 and every folder in it (the app
 * window's profile) 0700. Files an earlier version left readable are fixed here, at every start. Symbolic links are
 * left alone (chmod would follow them out of the folder). Windows keeps %APPDATA% private through its ACLs; POSIX
 * modes mean little there, so nothing is changed.
 */
export function preparePrivateDataDir(dir: string, platform: NodeJS.Platform = process.platform): void {
  // Parents get the system's usual mode; only the folder itself is made private.
  mkdirSync(dirname(dir), { recursive: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (platform === 'win32') return;
  chmodSync(dir, 0o700);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    try {
      const info = lstatSync(path);
      if (info.isFile() && (info.mode & 0o777) !== 0o600) chmodSync(path, 0o600);
      else if (info.isDirectory() && (info.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
    } catch {
      // Gone meanwhile (a temporary file renamed over its target).
    }
  }
}
