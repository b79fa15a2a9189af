/**
 * Node flags every Veil server process starts with (the Dockerfile, `npm start`, and the game node
 * the benchmarks start; test/contracts/node-flags.test.ts keeps them in step). `npm run bench`
 * runs the benchmarks' own process with them too: the latency driver stamps every view as it
 * arrives, and its mark-compacts (one every ~5 s at 2,000 acts/s) were counted as latency.
 *
 * `--initial-old-space-size=256`: a game node promotes a steady stream of room states that live
 * a few hundred milliseconds (each room's state until its next action), so with V8's small
 * initial old generation it ran a mark-compact every ~5–10 s at 2,000 actions/s, and each one
 * stalled the node long enough to hold up a few hundred actions (`docs/benchmarks.md`). With
 * room to grow first, mark-compacts come about three times less often; the heap is only ever as
 * large as the node needs between them (at most a few hundred MB).
 *
 * `--v8-pool-size=1`: one V8 helper thread (for parallel scavenges, concurrent marking and
 * compilation) instead of node's default four, whatever the machine. On the 2-core benchmark VM,
 * shared with Postgres, NATS and the load generator, nine interleaved pairs of latency runs read
 * p99 13.1 ms at the median with it and 16.8 ms without, lower in eight pairs of nine
 * (`docs/benchmarks.md`, ninth session): four helpers woken for every scavenge compete with the
 * processes the node waits on. On a host that gives a game node several cores of its own, a
 * larger pool may shorten its collections; measure before raising it.
 */
export const VEIL_NODE_FLAGS: readonly string[] = [
  '--initial-old-space-size=256',
  '--v8-pool-size=1',
];
