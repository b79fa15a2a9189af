import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loopLatenessMs, reservedHugePages, runningKdamonds } from './bench.js';

describe('loopLatenessMs', () => {
  it('takes the sampling period off the tick-to-tick interval, never below zero', () => {
    expect(loopLatenessMs(5_000_000, 5)).toBe(0);
    expect(loopLatenessMs(7_900_000, 5)).toBe(2.9);
    expect(loopLatenessMs(4_100_000, 5)).toBe(0);
  });
});

describe('reservedHugePages', () => {
  it('reads the huge pages the kernel has reserved, as vm.nr_hugepages says', () => {
    let configured: number | null = null;
    try {
      configured = Number(readFileSync('/proc/sys/vm/nr_hugepages', 'utf8').trim());
    } catch {
      // Not Linux: there is no /proc/meminfo either.
    }
    expect(reservedHugePages()).toBe(configured);
  });
});

describe('runningKdamonds', () => {
  it("counts the DAMON monitors that are on, as DAMON's admin files say", (context) => {
    const admin = '/sys/kernel/mm/damon/admin/kdamonds';
    let expected: number | null;
    if (!existsSync('/proc'))
      expected = null; // not Linux
    else if (!existsSync(admin))
      expected = 0; // no DAMON in this kernel
    else {
      try {
        expected = readdirSync(admin)
          .filter((entry) => /^\d+$/.test(entry))
          .filter(
            (entry) => readFileSync(`${admin}/${entry}/state`, 'utf8').trim() === 'on',
          ).length;
      } catch {
        context.skip("DAMON's admin files are root's");
        return;
      }
    }
    expect(runningKdamonds()).toBe(expected);
  });
});
