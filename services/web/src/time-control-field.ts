import { h } from './dom.js';

/** `options.timeControl` of `POST /api/rooms`. */
interface TimeControl {
  readonly baseSeconds: number;
  readonly incrementSeconds: number;
  readonly onFlag: 'loss' | 'pass';
}

/** The time controls the lobby offers (docs/protocol.md, "Time controls"): minutes + seconds. */
const CHOICES: readonly { readonly label: string; readonly base: number; readonly inc: number }[] =
  [
    { label: '1 min', base: 60, inc: 0 },
    { label: '5 min + 3 s', base: 300, inc: 3 },
    { label: '15 min + 10 s', base: 900, inc: 10 },
    { label: '30 min + 10 s', base: 1800, inc: 10 },
    { label: '60 min + 30 s', base: 3600, inc: 30 },
  ];

/** A time control as the lobby names it: `15 min + 10 s`, `1 min`, `90 s + 5 s`. */
export function timeControlText(control: {
  readonly baseSeconds: number;
  readonly incrementSeconds: number;
}): string {
  const { baseSeconds: base, incrementSeconds: inc } = control;
  const baseText = base % 60 === 0 ? `${base / 60} min` : `${base} s`;
  return inc > 0 ? `${baseText} + ${inc} s` : baseText;
}

/**
 * The create form's time control: off by default; a clock per seat otherwise, and what a clock
 * running out does (a loss, or the pending decision passed where the game has a pass). `orElse`
 * says what happens otherwise at this form's tables (a loss at two seats).
 */
export function timeControlField(orElse = 'it loses'): {
  readonly fields: readonly HTMLElement[];
  readonly option: () => { timeControl?: TimeControl };
} {
  const select = h(
    'select',
    { id: 'time-control', 'data-testid': 'time-control' },
    h('option', { value: '' }, 'Off'),
    CHOICES.map((choice, i) => h('option', { value: String(i) }, choice.label)),
  );
  const pass = h('input', { type: 'checkbox', id: 'on-flag-pass', 'data-testid': 'on-flag-pass' });
  return {
    fields: [
      h('label', { for: 'time-control' }, 'Time control'),
      select,
      h('label', { for: 'on-flag-pass' }, 'Out of time'),
      h('div', null, pass, ` pass the pending decision where possible (else ${orElse})`),
    ],
    option: () => {
      const choice = select.value === '' ? undefined : CHOICES[Number(select.value)];
      if (!choice) return {};
      return {
        timeControl: {
          baseSeconds: choice.base,
          incrementSeconds: choice.inc,
          onFlag: pass.checked ? 'pass' : 'loss',
        },
      };
    },
  };
}
