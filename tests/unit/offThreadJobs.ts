/**
 * A worker module for `offThread.test.ts`: jobs that answer, throw, spin forever or allocate
 * without end, to see the runner's answers, memory cap and time limit at work.
 */
import { serveOffThread } from '../../server/offThread.ts';

export type TestJob =
  { kind: 'double'; value: number } | { kind: 'throw' } | { kind: 'spin' } | { kind: 'hog' };

function spin(): number {
  let turns = 0;
  while (turns >= 0) turns += 1;
  return turns;
}

function hog(): number {
  const held: number[][] = [];
  for (;;) held.push(new Array<number>(100_000).fill(held.length));
}

serveOffThread<TestJob, number>((job) => {
  switch (job.kind) {
    case 'double':
      return { answer: job.value * 2 };
    case 'throw':
      throw new Error('a job that throws');
    case 'spin':
      return { answer: spin() };
    case 'hog':
      return { answer: hog() };
  }
});
