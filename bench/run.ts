/**
 * `npm run bench [-- --only <id>[,<id>…]] [-- --quick] [-- --gpu]`: runs the benchmark sections,
 * prints each as a table, stores `bench/results/<date>-<section>.json` and rewrites
 * `bench/results/latest.md`. `--gpu`: the browser section's pages draw on the machine's GPU.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brokerSection } from './broker/brokerSection.ts';
import { serverSection } from './broker/serverSection.ts';
import { coreSection } from './core/coreSection.ts';
import { drcSection } from './drc/drcSection.ts';
import { workbenchSection } from './e2e/workbenchSection.ts';
import { browserSection } from './e2e/browserSection.ts';
import { videoSection } from './video/videoSection.ts';
import { alarmsSection } from './alarms/alarmsSection.ts';
import { tasksSection } from './tasks/tasksSection.ts';
import { gasSection } from './gas/gasSection.ts';
import { replaySection } from './replay/replaySection.ts';
import { describeMachine, machineFacts } from './machine.ts';
import { storeResult, writeSummary } from './results.ts';
import type { BenchSection } from './section.ts';
import { formatTable } from './table.ts';

/** Every section, in report order. A new section is one import and one entry here. */
const SECTIONS: BenchSection[] = [
  coreSection,
  workbenchSection,
  browserSection,
  brokerSection,
  serverSection,
  drcSection,
  videoSection,
  alarmsSection,
  tasksSection,
  gasSection,
  replaySection,
];

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', multiple: true },
      quick: { type: 'boolean', default: false },
      gpu: { type: 'boolean', default: false },
    },
  });
  const wanted = new Set((values.only ?? []).flatMap((v) => v.split(',')));
  const unknown = [...wanted].filter((id) => !SECTIONS.some((s) => s.id === id));
  if (unknown.length > 0) {
    console.error(
      `Unknown section(s): ${unknown.join(', ')}. Known: ${SECTIONS.map((s) => s.id).join(', ')}.`,
    );
    process.exitCode = 2;
    return;
  }
  const machine = machineFacts();
  const date = new Date().toISOString().slice(0, 10);
  console.log(
    `Skydeck benchmarks · ${date} · ${describeMachine(machine)}${values.quick ? ' · quick' : ''}${values.gpu ? ' · GPU switches' : ''}\n`,
  );
  for (const section of SECTIONS.filter((s) => wanted.size === 0 || wanted.has(s.id))) {
    const result = await section.run({ quick: values.quick, gpu: values.gpu });
    console.log(`${formatTable(result)}\n`);
    const path = await storeResult(RESULTS_DIR, { section: section.id, date, machine, result });
    console.log(`  → ${path}\n`);
  }
  console.log(
    `Summary: ${await writeSummary(
      RESULTS_DIR,
      SECTIONS.map((s) => s.id),
    )}`,
  );
}

await main();
