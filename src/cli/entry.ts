/** The process around runCli (bin/keytune): arguments, streams, exit code. `keytune desktop` starts the desktop app. */
import { runDesktop } from '../desktop/main.ts';
import { runCli } from './main.ts';

const argv = process.argv.slice(2);
if (argv[0] === 'desktop') {
  const code = await runDesktop(argv.slice(1));
  if (code >= 0) process.exit(code);
} else {
  const code = await runCli(argv, {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    env: process.env,
  });
  process.exitCode = code;
}
