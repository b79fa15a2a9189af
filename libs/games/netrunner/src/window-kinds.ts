import type { WindowPolicy } from '@veil/engine';
import type { Side } from './catalog/index.js';

/**
 * The kinds of paid ability window (CR timing structures) and each seat's default policy:
 * public facts a client shows, kept apart from the rules that open the windows
 * (rules/windows.ts).
 */
export const WINDOW_KINDS = [
  'corp-draw',
  'corp-action',
  'corp-discard',
  'runner-turn-start',
  'runner-action',
  'runner-discard',
  'run-approach-ice',
  'run-encounter',
  'run-pass-ice',
  'run-movement',
  'run-approach-server',
] as const;

export type WindowKind = (typeof WINDOW_KINDS)[number];

/** Defaults when a seat set no policy of its own (see docs/games/netrunner.md). */
export const DEFAULT_POLICIES: Readonly<Record<WindowKind, Readonly<Record<Side, WindowPolicy>>>> =
  {
    'corp-draw': { corp: 'stop', runner: 'auto-pass' },
    'corp-action': { corp: 'stop', runner: 'auto-pass' },
    'corp-discard': { corp: 'auto-pass', runner: 'auto-pass' },
    'runner-turn-start': { corp: 'auto-pass', runner: 'auto-pass' },
    'runner-action': { corp: 'auto-pass', runner: 'stop' },
    'runner-discard': { corp: 'stop', runner: 'auto-pass' },
    'run-approach-ice': { corp: 'stop', runner: 'auto-pass' },
    'run-encounter': { corp: 'auto-pass', runner: 'stop' },
    'run-pass-ice': { corp: 'auto-pass', runner: 'auto-pass' },
    'run-movement': { corp: 'auto-pass', runner: 'auto-pass' },
    'run-approach-server': { corp: 'stop', runner: 'auto-pass' },
  };
