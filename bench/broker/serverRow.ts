/**
 * `npx tsx bench/broker/serverRow.ts <setup> [aircraft] [--warm 3] [--measure 8]`: one row of the
 * `server` section by hand (the full section takes minutes), printed as the section's columns with
 * their values and the notes. Setups: bareAedes, embedded, mosquittoClient, twoInstances.
 * `BENCH_SERVER_NODE_ARGS` passes Node flags to the Skydeck servers (e.g. `--cpu-prof`).
 */
import { parseArgs } from 'node:util';
import { COLUMNS, rowNotes, runRow, SETUPS } from './serverSection.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    warm: { type: 'string', default: '3' },
    measure: { type: 'string', default: '8' },
  },
});
const [name, count = '5000'] = positionals;
const setup = SETUPS[name as keyof typeof SETUPS] as
  (typeof SETUPS)[keyof typeof SETUPS] | undefined;
if (!setup) {
  console.error(`usage: serverRow.ts <${Object.keys(SETUPS).join('|')}> [aircraft]`);
  process.exit(2);
}
const timing = { warmS: Number(values.warm), measureS: Number(values.measure) };
const row = await runRow(setup, Number(count), timing);
const width = Math.max(...COLUMNS.map((c) => c.length));
COLUMNS.forEach((column, i) => console.log(`${column.padEnd(width)}  ${String(row[i] ?? '')}`));
console.log(`\n${rowNotes(timing).join('\n')}`);
// The broker's and the servers' sockets are closed; anything left (PGlite's worker) must not hold us.
process.exit(0);
