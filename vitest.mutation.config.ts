import { mergeConfig } from 'vitest/config';
import base from './vitest.config';

// The suites that exercise the money and attribution code, for `npm run test:mutation`: Stryker
// reruns the covering tests of each mutant, and suites that never reach this code only slow it.
// mergeConfig concatenates arrays, so the include list is set after merging, not merged.
const config = mergeConfig(base, {});
config.test!.include = [
  'server/domain/{commissions,attribution,payouts,conversions,tracking}/**/*.test.ts',
  'server/model/**/*.test.ts',
  'server/store/**/*.test.ts',
  'server/track/**/*.test.ts',
  'server/browser/**/*.test.ts',
  'server/routers/{conversions,commissions,payouts,commission-rules,products,reports}/**/*.test.ts',
  'server/routers/portal/portal-earnings.test.ts',
  'server/routers/affiliate-self/affiliate-stats.test.ts',
];
export default config;
