import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { SKIP_PREFIX } from './requirements';

/**
 * One line per missing server or program after the summary: which test files it skipped and how
 * to run them (requirements.ts). Nothing when everything ran.
 */
export default class SkipReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const files = new Map<string, Set<string>>();
    for (const mod of modules) {
      for (const test of mod.children.allTests()) {
        const result = test.result();
        if (result.state !== 'skipped' || !result.note?.startsWith(SKIP_PREFIX)) continue;
        const set = files.get(result.note) ?? new Set<string>();
        set.add(relative(process.cwd(), mod.moduleId));
        files.set(result.note, set);
      }
    }
    for (const [note, set] of files) {
      process.stdout.write(`skipped ${[...set].join(', ')}: ${note} (CI=true requires them)\n`);
    }
  }
}
