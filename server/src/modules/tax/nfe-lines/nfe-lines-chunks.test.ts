import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ChunkClaims, REQUEST_PARTY } from './nfe-lines-chunks.js';

/** The chunk claims of decision 053: every chunk has exactly one owner, and a refused line stops all claims. */
describe('chunk claims', () => {
  it('meet in the middle: the front and the back never claim the same chunk', () => {
    const claims = ChunkClaims.create(5);
    const order: string[] = [];
    for (let turn = 0; turn < 5; turn++) {
      const front = claims.claimFromFront(REQUEST_PARTY);
      if (front >= 0) order.push(`f${front}`);
      const back = claims.claimFromBack(2, 0);
      if (back >= 0) order.push(`b${back}`);
    }
    expect(order).toEqual(['f0', 'b4', 'f1', 'b3', 'f2']);
    expect(claims.ownedBy(REQUEST_PARTY)).toEqual([0, 1, 2]);
    expect(claims.ownedBy(2)).toEqual([3, 4]);
    expect(claims.claimFromFront(REQUEST_PARTY)).toBe(-1);
  });

  it('leaves the chunks below its lowest to the front', () => {
    const claims = ChunkClaims.create(4);
    expect([claims.claimFromBack(2, 2), claims.claimFromBack(2, 2), claims.claimFromBack(2, 2)]).toEqual([3, 2, -1]);
    expect([claims.claimFromFront(REQUEST_PARTY), claims.claimFromFront(REQUEST_PARTY)]).toEqual([0, 1]);
  });

  it('claims only the chunks of the lines it holds: a quarter sent alone stops at its own end', () => {
    const claims = ChunkClaims.create(8);
    const quarter = [0, 1, 2].map(() => claims.claimFromBack(3, 4, 6));
    expect(quarter).toEqual([5, 4, -1]);
    expect([claims.claimFromBack(2, 6), claims.claimFromBack(2, 6)]).toEqual([7, 6]);
    expect(claims.ownedBy(3)).toEqual([4, 5]);
  });

  it('claims nothing once stopped by a refused line', () => {
    const claims = ChunkClaims.create(10);
    expect([claims.claimFromFront(REQUEST_PARTY), claims.claimFromBack(2, 0)]).toEqual([0, 9]);
    claims.stop();
    expect([claims.claimFromFront(REQUEST_PARTY), claims.claimFromBack(2, 0), claims.claimFromBack(3, 4, 6)]).toEqual([
      -1, -1, -1,
    ]);
    expect(claims.ownedBy(REQUEST_PARTY)).toEqual([0]);
  });

  it('gives every chunk exactly one owner when threads race for them', async () => {
    const count = 20_000;
    const claims = ChunkClaims.create(count);
    // Two threads claiming from the back as fast as they can while this one claims from the front.
    const racer = `const { workerData: { buffer, count, party } } = require('node:worker_threads');
      const states = new Int32Array(buffer);
      for (let c = count - 1; c >= 0; c--) Atomics.compareExchange(states, c, 0, party);`;
    const threads = [2, 3].map(
      (party) =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(racer, { eval: true, workerData: { buffer: claims.states.buffer, count, party } });
          worker.on('exit', () => resolve());
          worker.on('error', reject);
        }),
    );
    while (claims.claimFromFront(REQUEST_PARTY) >= 0);
    await Promise.all(threads);
    const owned = [REQUEST_PARTY, 2, 3].map((party) => claims.ownedBy(party));
    expect(owned.reduce((sum, chunks) => sum + chunks.length, 0)).toBe(count);
    expect(new Set(owned.flat()).size).toBe(count);
  });
});
