import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

// The suites that exercise the money and attribution code, for `npm run test:mutation`: Stryker
// reruns the covering tests of each mutant, and suites that never reach this code only slow it.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: [
        'server/domain/{commissions,attribution,payouts,conversions,tracking}/**/*.test.ts',
        'server/model/**/*.test.ts',
        'server/track/**/*.test.ts',
        'server/browser/**/*.test.ts',
        'server/routers/{conversions,commissions,payouts,commission-rules,products,reports}/**/*.test.ts',
        'server/routers/portal/portal-earnings.test.ts',
        'server/routers/affiliate/affiliate-stats.test.ts',
      ],
    },
  }),
);
