// Preloaded into the load benchmark's game nodes (NODE_OPTIONS=--import, so `veil start` runs
// unchanged): appends each garbage-collection pause and, every second, the event loop's longest
// delay to $VEIL_BENCH_STALL_DIR/<pid>.jsonl — where a stall of the act → view latency comes from
// (a collection, or other work holding the loop). Plain JavaScript: it loads before tsx does.
import { appendFileSync } from 'node:fs';
import { setInterval } from 'node:timers';
import { PerformanceObserver, constants, monitorEventLoopDelay } from 'node:perf_hooks';

const dir = process.env.VEIL_BENCH_STALL_DIR;
if (dir) {
  const file = `${dir}/${process.pid}.jsonl`;
  const lines = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const major = entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
      lines.push(
        JSON.stringify({ t: Date.now(), gc: major ? 'major' : 'other', ms: entry.duration }),
      );
    }
  }).observe({ entryTypes: ['gc'] });
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  setInterval(() => {
    // The histogram counts the sampling period itself: take it off.
    lines.push(JSON.stringify({ t: Date.now(), loopMaxMs: Math.max(0, delay.max / 1e6 - 10) }));
    delay.reset();
    appendFileSync(file, `${lines.join('\n')}\n`);
    lines.length = 0;
  }, 1_000).unref();
}
