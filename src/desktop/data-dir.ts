/**
 * Where the desktop host keeps its files: the user's data folder of each system, or KEYTUNE_DATA_DIR when set (tests
 * and portable installs point it elsewhere).
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

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
