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
 * `--max-semi-space-size=64`: a young generation of up to 2 × 64 MB instead of 2 × 16. A game node
 * allocates ~40 KB per action, and with the default size it scavenged every ~150 ms at 2,000
 * actions/s, 5–6 ms each; with 64 MB every ~750 ms, ~12 ms each, and less CPU per action in all.
 * On the 2-vCPU benchmark VM the game node's act → view p99 at 2,000/s read 12.4–16.5 ms (median
 * 13.5) in eight runs with it against 14.1–42.7 ms (median 15.6) in five without, lower in each
 * interleaved pair, and its CPU per act fell ~8 % (docs/operations.md, "Tuning").
 * Earlier trials had found no gain, on runs that may have climbed with a memory monitor of the
 * VM (DAMON, docs/operations.md).
 * `npm run bench` leaves it out of the driver's own flags (`BENCH_DRIVER_NODE_FLAGS`).
 *
 * `--v8-pool-size=1`: one V8 helper thread (for parallel scavenges, concurrent marking and
 * compilation) instead of node's default four, whatever the machine. On the 2-core benchmark VM,
 * shared with Postgres, NATS and the load generator, nine interleaved pairs of latency runs read
 * p99 13.1 ms at the median with it and 16.8 ms without, lower in eight pairs of nine
 * (docs/operations.md, "Tuning"): four helpers woken for every scavenge compete with the
 * processes the node waits on. On a host that gives a game node several cores of its own, a
 * larger pool may shorten its collections; measure before raising it.
 */
export const VEIL_NODE_FLAGS: readonly string[] = [
  '--initial-old-space-size=256',
  '--max-semi-space-size=64',
  '--v8-pool-size=1',
];

/**
 * The flags of `npm run bench`'s own process: a server process' flags but V8's default young
 * generation. The latency driver stamps each view as it arrives, so its own pauses count as
 * latency; with 64-MB semi-spaces its scavenges grew longer and the p99 read a median 16.3 ms in
 * six runs against 13.5 with the driver on the default. The game node it starts gets `VEIL_NODE_FLAGS` in full.
 */
export const BENCH_DRIVER_NODE_FLAGS: readonly string[] = VEIL_NODE_FLAGS.filter(
  (flag) => !flag.startsWith('--max-semi-space-size='),
);
