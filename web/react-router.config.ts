import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // ~20 routes: ship the whole manifest with the page rather than discovering routes lazily.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
