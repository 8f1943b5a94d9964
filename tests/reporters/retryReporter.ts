/**
 * Names every test that passed only on a retry, with the error of its failed try, and closes the run
 * with one plain count line. A retry hides a flake, and a flake hides a defect as often as not: the
 * suites allow one retry so a loaded host cannot fail a sound run, but each retry used is printed
 * here to be fixed at its cause.
 */
import type { Reporter, TestCase, TestModule } from 'vitest/node';

interface Retried {
  name: string;
  retries: number;
  firstError: string;
}

/** The first line of an error's message, which says what went wrong. */
function headline(message: string | undefined): string {
  return (message ?? 'no message kept').split('\n')[0] ?? '';
}

/**
 * The headline, and for a browser wait that ran out what it waited for (the first line of
 * Playwright's call log) and where in a test file it was: "locator.waitFor: Timeout" alone does not
 * say which of a test's waits it was.
 */
function describeError(error: { message?: string; stack?: string } | undefined): string {
  const message = error?.message;
  const waited = message
    ?.split('\n')
    .find((line) => line.trim().startsWith('- waiting for'))
    ?.trim()
    .slice(2);
  const at = /\(?([^\s()]*tests\/[^\s()]+\.test\.tsx?:\d+):\d+\)?/.exec(error?.stack ?? '')?.[1];
  return [
    headline(message),
    waited,
    at === undefined ? undefined : `at ${at.replace(`${process.cwd()}/`, '')}`,
  ]
    .filter((part) => part !== undefined)
    .join(' · ');
}

/** Vitest reporter: prints retried tests and a closing `tests: N passed, N failed, N skipped` line. */
export default class RetryReporter implements Reporter {
  private readonly retried: Retried[] = [];
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestCaseResult(test: TestCase): void {
    const result = test.result();
    if (result.state === 'passed') this.passed += 1;
    else if (result.state === 'failed') this.failed += 1;
    else this.skipped += 1;
    const retries = test.diagnostic()?.retryCount ?? 0;
    const name = `${test.module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName}`;
    // Said as it happens, not only in the summary: a run that is cut short, or a log of which only
    // the end is kept, still names what failed and why.
    if (result.state === 'failed' || retries > 0) {
      const errors = (result.errors ?? []).map(describeError).slice(0, 3);
      process.stdout.write(
        `[${result.state === 'failed' ? 'failed' : 'retried'}] ${name}\n${errors.map((e) => `    ${e}\n`).join('')}`,
      );
    }
    if (retries === 0) return;
    this.retried.push({ name, retries, firstError: describeError(result.errors?.[0]) });
  }

  onTestRunEnd(_modules: readonly TestModule[]): void {
    const out = process.stdout;
    if (this.retried.length > 0) {
      out.write(`\n[retries] ${String(this.retried.length)} test(s) needed a retry:\n`);
      for (const r of this.retried)
        out.write(`  ${r.name} (${String(r.retries)} retry)\n    first error: ${r.firstError}\n`);
    }
    out.write(`retries: ${String(this.retried.length)} tests needed a retry\n`);
    out.write(
      `tests: ${String(this.passed)} passed, ${String(this.failed)} failed, ${String(this.skipped)} skipped\n`,
    );
  }
}
