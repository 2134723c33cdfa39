/**
 * Seeds a kept cluster for the classification benchmarks and times nothing:
 * `BENCH_DIR=/tmp/x npx tsx bench/seed-classifying.ts` (sizes: BENCH_GLOBAL, BENCH_COMPANY,
 * BENCH_PENDING_COMPANIES, BENCH_FANOUT_*), then classification-explain.ts reads its plans.
 */
import { seedClassifying } from './lib/classifying-seed.js';
import { startBenchCluster } from './lib/cluster.js';
import { seedBench } from './lib/seed.js';

const cluster = await startBenchCluster();
try {
  await seedBench(cluster.database);
  await seedClassifying(cluster.database);
} finally {
  await cluster.stop();
}
