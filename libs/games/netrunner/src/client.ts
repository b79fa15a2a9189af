/**
 * What a client (the web board) may import of Netrunner: the public card catalog and deck
 * lists, the window kinds, and the view types. No rules code: `client.test.ts` checks that
 * nothing here reaches the rules, the chart or the game state's code.
 */
export * from './catalog/index.js';
export * from './decks/index.js';
export { DEFAULT_POLICIES, WINDOW_KINDS, type WindowKind } from './window-kinds.js';
export type { NetrunnerAction } from './actions/types.js';
export type { CardView, NetrunnerView, RunView, ServerView } from './view/view.js';
export type { ActionCost, ActionNote, BreakerView } from './view/action-notes.js';
export type { LogEntry, VisibleLogEntry } from './state/log-types.js';
