/**
 * `npm run backup -- --out FILE [--force]` and `npm run restore -- FILE [--force]`: the embedded
 * database and the files under `DATA_DIR` (the same settings as `npm start`). Stop the server first.
 */
import { loadConfig } from '../config.ts';
import { backup, BackupError, restore } from './backup.ts';

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function usage(): never {
  process.stderr.write(
    'usage: npm run backup -- --out FILE [--force]\n       npm run restore -- FILE [--force]\n',
  );
  process.exit(2);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const args = rest.filter((a) => a !== '--force');
  const config = loadConfig();
  if (command === 'backup') {
    const at = args.indexOf('--out');
    const out = at >= 0 ? args[at + 1] : undefined;
    if (out === undefined) usage();
    if (config.databaseUrl)
      say('DATABASE_URL is set: back the database up with pg_dump; this backup holds the files.');
    const manifest = await backup({
      dataDir: config.dataDir,
      out,
      force,
      embeddedDatabase: !config.databaseUrl,
    });
    say(
      `Backed up ${config.dataDir} to ${out}: ${manifest.database ? 'database and ' : ''}${String(manifest.files)} files.`,
    );
    return;
  }
  if (command === 'restore') {
    const file = args[0];
    if (file === undefined) usage();
    const manifest = await restore({ file, dataDir: config.dataDir, force });
    say(
      `Restored ${file} (made ${manifest.createdAt}) into ${config.dataDir}: ${manifest.database ? 'database and ' : ''}${String(manifest.files)} files.`,
    );
    return;
  }
  usage();
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // A refusal names what to do; anything else is reported in one line, without a stack.
  const message = error instanceof BackupError ? error.message : String(error);
  process.stderr.write(`Skydeck ${process.argv[2] ?? ''} failed: ${message}\n`);
  process.exit(1);
});
