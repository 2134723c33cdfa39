import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './config.js';

/**
 * The Node version the project promises (package.json "engines", the README, CI) is one every runtime
 * dependency accepts (issue 24: cookie, pg-boss and react-router need ≥ 22 while ≥ 20 was promised).
 */
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const minimumOf = (range: string): number[] => {
  const found = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(range);
  return found ? [Number(found[1]), Number(found[2] ?? 0), Number(found[3] ?? 0)] : [0, 0, 0];
};
const atLeast = (a: number[], b: number[]) => {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return true;
};

describe('Node version', () => {
  it("the declared minimum satisfies every workspace's runtime dependencies", () => {
    const root = readJson(path.join(repoRoot, 'package.json'));
    const declared = minimumOf(root.engines.node);
    const problems: string[] = [];
    for (const workspace of root.workspaces as string[]) {
      const manifest = readJson(path.join(repoRoot, workspace, 'package.json'));
      const require = createRequire(path.join(repoRoot, workspace, 'package.json'));
      for (const name of Object.keys(manifest.dependencies ?? {})) {
        if (name.startsWith('@app/')) continue;
        let file: string;
        try {
          file = require.resolve(`${name}/package.json`);
        } catch {
          continue; // packages that do not export their package.json: not those the issue is about
        }
        const needed = readJson(file).engines?.node as string | undefined;
        if (needed && !atLeast(declared, minimumOf(needed))) problems.push(`${name} needs ${needed}`);
      }
    }
    expect(problems).toEqual([]);
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    expect(readme).toContain(`Node.js ≥ ${declared[0]}.${declared[1]}`);
    expect(readFileSync(path.join(repoRoot, '.ci/run'), 'utf8')).toMatch(/node-linux-\$arch@22/);
  });
});
