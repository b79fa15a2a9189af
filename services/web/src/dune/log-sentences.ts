import type { DuneView } from '@veil/dune/client';
import {
  areaName,
  cardName,
  factionName,
  idText,
  leaderName,
  territoryName,
  words,
} from './names.js';

// Pure: the log's common events as sentences, from the fields the server sent this viewer (the
// entry's public `data`, and its `secret` only when it was addressed to this viewer). Every
// reader checks its field's type and gives up (null) on anything unexpected, so an entry of an
// unknown shape falls back to the generic field list (log-text.ts) instead of misreading.

type Fields = Readonly<Record<string, unknown>>;
type Sentence = (data: Fields, view: DuneView, secret: Fields | null) => string | null;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const list = (v: unknown): readonly unknown[] | null => (Array.isArray(v) ? v : null);
const fields = (v: unknown): Fields | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Fields) : null;

const faction = (v: unknown): string | null => {
  const f = str(v);
  return f === null ? null : factionName(f);
};
const area = (v: unknown): string | null => {
  const a = str(v);
  return a === null ? null : areaName(a);
};
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const spice = (n: number): string => `${n} spice`;
/** "A, B and C". */
const and = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
/** The payee of a payment, said only when it is a faction (the bank is the default). */
const paidTo = (payee: unknown): string => {
  const p = str(payee);
  return p === null || p === 'bank' ? '' : `, paid to the ${factionName(p)}`;
};

/** Each of `items` read by `read`, or null if any cannot be. */
function each<T>(items: readonly unknown[], read: (item: unknown) => T | null): T[] | null {
  const out: T[] = [];
  for (const item of items) {
    const r = read(item);
    if (r === null) return null;
    out.push(r);
  }
  return out;
}

/** Each of `items`, a record read by `read`, or null if any is not a record or cannot be read. */
function eachRecord<T>(items: readonly unknown[], read: (item: Fields) => T | null): T[] | null {
  return each(items, (item) => {
    const record = fields(item);
    return record && read(record);
  });
}

/** Each of `items`, an id in words, or null if any is not a string. */
const eachId = (view: DuneView, items: readonly unknown[]): string[] | null =>
  each(items, (item) => (typeof item === 'string' ? idText(view, item) : null));

function planText(view: DuneView, plan: Fields): string | null {
  const dial = num(plan['dial']);
  if (dial === null) return null;
  const leader = str(plan['leader']);
  const who =
    leader !== null ? leaderName(leader) : plan['hero'] === true ? 'Cheap Hero' : 'no leader';
  const weapon = str(plan['weapon']);
  const defense = str(plan['defense']);
  return [
    who,
    `dial ${dial}`,
    weapon === null ? 'no weapon' : idText(view, weapon),
    defense === null ? 'no defense' : idText(view, defense),
  ].join(', ');
}

function truthQuestion(view: DuneView, q: Fields): string | null {
  switch (q['kind']) {
    case 'holds': {
      const card = str(q['card']);
      return card === null ? null : `whether it holds ${cardName(card)}`;
    }
    case 'traitor': {
      const leader = str(q['leader']);
      return leader === null ? null : `whether it holds ${leaderName(leader)} as a traitor`;
    }
    case 'spice_at_least': {
      const amount = num(q['amount']);
      return amount === null ? null : `whether it has at least ${spice(amount)}`;
    }
    default:
      return null;
  }
}

const SENTENCES: Readonly<Record<string, Sentence>> = {
  setup: (d) => {
    const factions = list(d['factions']);
    const turns = num(d['turns']);
    const names = factions && each(factions, faction);
    return names && turns !== null ? `A game of ${turns} turns: ${and(names)}.` : null;
  },
  turn: (d) => {
    const turn = num(d['turn']);
    return turn === null ? null : `Turn ${turn} begins.`;
  },
  storm_dials: (d) => {
    const dials = list(d['dials']);
    const move = num(d['move']);
    const said =
      dials &&
      eachRecord(dials, (e) => {
        const who = faction(e['faction']);
        const dial = num(e['dial']);
        return who !== null && dial !== null ? `${who} ${dial}` : null;
      });
    return said && move !== null
      ? `Storm dials: ${and(said)}. The storm moves ${plural(move, 'sector')}.`
      : null;
  },
  storm_moved: (d) => {
    const move = num(d['move']);
    const sector = num(d['sector']);
    const killed = list(d['killed']);
    const losses =
      killed &&
      eachRecord(killed, (e) => {
        const who = faction(e['faction']);
        const where = area(e['area']);
        const count = num(e['count']);
        return who && where && count !== null
          ? `${plural(count, 'force')} of the ${who} in ${where}`
          : null;
      });
    if (move === null || sector === null || !losses) return null;
    const toll = losses.length > 0 ? ` It killed ${and(losses)}.` : '';
    return `The storm moved ${plural(move, 'sector')}, to sector ${sector}.${toll}`;
  },
  weather_control: (d) => {
    const who = faction(d['faction']);
    const move = num(d['move']);
    return who && move !== null
      ? `The ${who} played Weather Control: the storm moves ${plural(move, 'sector')}.`
      : null;
  },
  family_atomics: (d) => {
    const who = faction(d['faction']);
    return who ? `The ${who} played Family Atomics on the Shield Wall.` : null;
  },
  spice_blow: (d) => {
    const territory = str(d['territory']);
    const amount = num(d['amount']);
    if (territory === null || amount === null) return null;
    if (d['inStorm'] === true)
      return `Spice Blow: ${territoryName(territory)}, in the storm: no spice.`;
    const where = area(d['area']) ?? territoryName(territory);
    return `Spice Blow: ${spice(amount)} in ${where}.`;
  },
  shai_hulud: (d) => {
    const eaten = list(d['eaten']);
    const victims =
      eaten &&
      eachRecord(eaten, (e) => {
        const who = faction(e['faction']);
        const count = num(e['count']);
        return who && count !== null ? `${plural(count, 'force')} of the ${who}` : null;
      });
    if (!victims) return null;
    const territory = str(d['territory']);
    const where = territory === null ? '' : ` in ${territoryName(territory)}`;
    const toll = victims.length > 0 ? `: it devoured ${and(victims)}` : '';
    return `Shai-Hulud appeared${where}${toll}.`;
  },
  ally_worm_protection: (d) => {
    const territory = str(d['territory']);
    const ally = faction(d['ally']);
    if (territory === null || !ally || typeof d['protect'] !== 'boolean') return null;
    const chose = d['protect'] ? 'chose' : 'chose not';
    return `The Fremen ${chose} to spare their ally the ${ally} from Shai-Hulud in ${territoryName(territory)}.`;
  },
  shai_hulud_set_aside: () => 'Shai-Hulud, drawn in the first turn, was set aside.',
  charity: (d) => {
    const who = faction(d['faction']);
    const amount = num(d['amount']);
    return who && amount !== null ? `The ${who} received ${spice(amount)} of CHOAM Charity.` : null;
  },
  hand_sizes: (d) => {
    const sizes = fields(d['sizes']);
    if (!sizes) return null;
    const said = each(Object.entries(sizes), (x) => {
      const [f, n] = x as [string, unknown];
      return typeof n === 'number' ? `${factionName(f)} ${n}` : null;
    });
    return said ? `Cards in hand: ${said.join(', ')}.` : null;
  },
  auction_card: (d) => {
    const n = num(d['number']);
    const of = num(d['of']);
    const opener = faction(d['opener']);
    return n !== null && of !== null && opener
      ? `Card ${n} of ${of} is up for bid, opened by the ${opener}.`
      : null;
  },
  card_peek: (d, view, secret) => {
    const n = num(d['number']);
    if (n === null) return null;
    const card = str(secret?.['card']);
    return `The Atreides looked at card ${n}${card === null ? '' : `: ${idText(view, card)}`}.`;
  },
  bid: (d) => {
    const who = faction(d['faction']);
    const amount = num(d['amount']);
    return who && amount !== null ? `The ${who} bid ${spice(amount)}.` : null;
  },
  bid_pass: (d) => {
    const who = faction(d['faction']);
    return who ? `The ${who} passed.` : null;
  },
  karama_bid: (d) => {
    const who = faction(d['faction']);
    const bid = num(d['bid']);
    return who && bid !== null
      ? `The ${who} won the auction with a Karama: a bid of ${spice(bid)}, beyond their means; they take the card free.`
      : null;
  },
  card_sold: (d, view, secret) => {
    const buyer = faction(d['buyer']);
    const price = num(d['price']);
    if (!buyer || price === null) return null;
    const karama = d['karama'] === true ? ' with a Karama' : '';
    const ally = num(d['allyPaid']);
    const allyPaid = ally !== null && ally > 0 ? `, ${spice(ally)} of it from their ally` : '';
    const card = str(secret?.['card']);
    const what = card === null ? 'the card' : idText(view, card);
    return `The ${buyer} bought ${what} for ${spice(price)}${karama}${paidTo(d['payee'])}${allyPaid}.`;
  },
  auction_ended: (d) => {
    const returned = num(d['returned']);
    if (returned === null) return null;
    return returned > 0
      ? `The auction ended; ${plural(returned, 'card')} went back on the deck.`
      : 'The auction ended.';
  },
  draw: (d, view, secret) => {
    const who = faction(d['faction']);
    const count = num(d['count']);
    if (!who || count === null) return null;
    const cards = list(secret?.['cards']);
    const names = cards && eachId(view, cards);
    return `The ${who} drew ${plural(count, 'card')}${names && names.length > 0 ? `: ${and(names)}` : ''}.`;
  },
  discard: (d, view) => {
    const cards = list(d['cards']);
    const said =
      cards &&
      eachRecord(cards, (e) => {
        const card = str(e['card']);
        const by = faction(e['by']);
        return card !== null && by ? `${idText(view, card)} (${by})` : null;
      });
    return said && said.length > 0 ? `Discarded: ${and(said)}.` : null;
  },
  treachery_reshuffled: () => 'The Treachery discard was shuffled into a new deck.',
  revival: (d) => {
    const who = faction(d['faction']);
    const forces = num(d['forces']);
    const cost = num(d['cost']);
    if (!who || forces === null || cost === null) return null;
    const leader = str(d['leader']);
    const raised = [
      ...(forces > 0 ? [plural(forces, 'force')] : []),
      ...(leader !== null ? [leaderName(leader)] : []),
    ];
    if (raised.length === 0) return null;
    return `The ${who} revived ${and(raised)}${cost > 0 ? ` for ${spice(cost)}` : ', free'}.`;
  },
  ally_free_revival: (d) => {
    const ally = faction(d['ally']);
    if (!ally || typeof d['raise'] !== 'boolean') return null;
    const chose = d['raise'] ? 'chose' : 'chose not';
    return `The Fremen ${chose} to raise the free revival of their ally the ${ally}.`;
  },
  emperor_revival: (d) => {
    const ally = faction(d['ally']);
    const forces = num(d['forces']);
    const cost = num(d['cost']);
    return ally && forces !== null && cost !== null
      ? `The Emperor paid ${spice(cost)} to revive ${plural(forces, 'more force')} of the ${ally}.`
      : null;
  },
  shipment: (d) => {
    const who = faction(d['faction']);
    const to = area(d['to']);
    const count = num(d['count']);
    const cost = num(d['cost']);
    if (!who || !to || count === null || cost === null) return null;
    const karama = d['karama'] === true ? ' with a Karama' : '';
    const ally = num(d['allyPaid']);
    const allyPaid = ally !== null && ally > 0 ? `, ${spice(ally)} of it from their ally` : '';
    return `The ${who} shipped ${plural(count, 'force')} to ${to} for ${spice(cost)}${karama}${paidTo(d['payee'])}${allyPaid}.`;
  },
  cross_shipment: (d) => {
    const who = faction(d['faction']);
    const from = area(d['from']);
    const to = area(d['to']);
    const count = num(d['count']);
    const cost = num(d['cost']);
    return who && from && to && count !== null && cost !== null
      ? `The ${who} shipped ${plural(count, 'force')} from ${from} to ${to} for ${spice(cost)}${paidTo(d['payee'])}.`
      : null;
  },
  ship_back: (d) => {
    const who = faction(d['faction']);
    const from = area(d['from']);
    const count = num(d['count']);
    const cost = num(d['cost']);
    return who && from && count !== null && cost !== null
      ? `The ${who} shipped ${plural(count, 'force')} from ${from} back to their reserves for ${spice(cost)}.`
      : null;
  },
  spiritual_advisor: (d) => {
    const to = area(d['to']);
    return to ? `The Bene Gesserit sent a spiritual advisor to ${to}.` : null;
  },
  move: (d) => {
    const who = faction(d['faction']);
    const from = area(d['from']);
    const to = area(d['to']);
    const count = num(d['count']);
    if (!who || !from || !to || count === null) return null;
    const hajr = d['hajr'] === true ? ' (Hajr)' : '';
    return `The ${who} moved ${plural(count, 'force')} from ${from} to ${to}${hajr}.`;
  },
  worm_ride: (d) => {
    const from = area(d['from']);
    const to = area(d['to']);
    const count = num(d['count']);
    return from && to && count !== null
      ? `The Fremen rode Shai-Hulud with ${plural(count, 'force')} from ${from} to ${to}.`
      : null;
  },
  ally_overlap: (d) => {
    const who = faction(d['faction']);
    const where = area(d['area']);
    const count = num(d['count']);
    return who && where && count !== null
      ? `${plural(count, 'force')} of the ${who} in ${where}, a territory their ally occupies, went to the Tanks.`
      : null;
  },
  collect: (d) => {
    const who = faction(d['faction']);
    const where = area(d['area']);
    const amount = num(d['amount']);
    return who && where && amount !== null
      ? `The ${who} collected ${spice(amount)} in ${where}.`
      : null;
  },
  bribe: (d) => {
    const from = faction(d['from']);
    const to = faction(d['to']);
    const amount = num(d['amount']);
    return from && to && amount !== null ? `The ${from} paid the ${to} ${spice(amount)}.` : null;
  },
  ally_support: (d) => {
    const who = faction(d['faction']);
    const to = faction(d['to']);
    const amount = num(d['amount']);
    return who && to && amount !== null
      ? `The ${who} set out ${spice(amount)} for their ally the ${to}.`
      : null;
  },
  emperor_gift: (d) => {
    const to = faction(d['to']);
    const amount = num(d['amount']);
    return to && amount !== null ? `The Emperor gave their ally the ${to} ${spice(amount)}.` : null;
  },
  alliance_offered: (d) => {
    const from = faction(d['from']);
    const to = faction(d['to']);
    return from && to ? `The ${from} offered the ${to} an alliance.` : null;
  },
  alliance_declined: (d) => {
    const from = faction(d['from']);
    const to = faction(d['to']);
    return from && to ? `The ${to} declined the ${from}'s offer of alliance.` : null;
  },
  alliance_formed: (d) => {
    const from = faction(d['from']);
    const to = faction(d['to']);
    return from && to ? `The ${from} and the ${to} are allies.` : null;
  },
  alliance_left: (d) => {
    const who = faction(d['faction']);
    return who ? `The ${who} left their alliance.` : null;
  },
  battle: (d) => {
    const territory = str(d['territory']);
    const aggressor = faction(d['aggressor']);
    const defender = faction(d['defender']);
    return territory !== null && aggressor && defender
      ? `Battle in ${territoryName(territory)}: the ${aggressor} against the ${defender}.`
      : null;
  },
  voice: (d) => {
    const target = faction(d['target']);
    const kind = str(d['kind']);
    if (!target || kind === null || typeof d['play'] !== 'boolean') return null;
    const not = d['play'] ? '' : 'not ';
    return `Voice: the Bene Gesserit commanded the ${target} ${not}to play ${words(kind)}.`;
  },
  prescience: (d) => {
    const target = faction(d['target']);
    const element = str(d['element']);
    return target && element !== null
      ? `Prescience: the Atreides asked to see the ${target}'s ${words(element)}.`
      : null;
  },
  prescience_answer: (d, view) => {
    const target = faction(d['target']);
    const element = str(d['element']);
    if (!target || element === null) return null;
    const answer = d['answer'];
    const said =
      answer === null ? 'none' : typeof answer === 'string' ? idText(view, answer) : String(answer);
    return `Prescience: the ${target}'s ${words(element)} is ${said}.`;
  },
  battle_plans: (d, view) => {
    const territory = str(d['territory']);
    const plans = fields(d['plans']);
    if (territory === null || !plans) return null;
    const said = each(Object.entries(plans), (x) => {
      const [f, plan] = x as [string, unknown];
      const p = fields(plan);
      const text = p && planText(view, p);
      return text ? `${factionName(f)}: ${text}` : null;
    });
    return said ? `Battle plans in ${territoryName(territory)}. ${said.join('. ')}.` : null;
  },
  traitor_calls: (d) => {
    const callers = list(d['callers']);
    const names = callers && each(callers, faction);
    if (!names) return null;
    return names.length === 0 ? 'No traitor was called.' : `Traitor called by the ${and(names)}.`;
  },
  battle_result: (d) => {
    const territory = str(d['territory']);
    if (territory === null) return null;
    const where = territoryName(territory);
    const winner = faction(d['winner']);
    if (d['how'] === 'both_traitors') return `In ${where} both sides called a traitor: both lose.`;
    if (!winner) return null;
    const how = d['how'] === 'traitor' ? ' by calling a traitor' : '';
    const killed = list(d['killed']);
    const dead = killed ? each(killed, (k) => (typeof k === 'string' ? leaderName(k) : null)) : [];
    if (!dead) return null;
    const earned = num(d['earned']);
    const toll = dead.length > 0 ? ` Killed: ${and(dead)}.` : '';
    const gain = earned !== null && earned > 0 ? ` The ${winner} earned ${spice(earned)}.` : '';
    return `The ${winner} won the battle in ${where}${how}.${toll}${gain}`;
  },
  karama: (d) => {
    const who = faction(d['faction']);
    const cancels = str(d['cancels']);
    return who && cancels !== null ? `The ${who} played a Karama against ${words(cancels)}.` : null;
  },
  ghola: (d) => {
    const who = faction(d['faction']);
    const forces = num(d['forces']);
    if (!who || forces === null) return null;
    const leader = str(d['leader']);
    const raised = leader !== null ? leaderName(leader) : plural(forces, 'force');
    return `The ${who} played Tleilaxu Ghola and revived ${raised}.`;
  },
  truthtrance: (d, view) => {
    const asker = faction(d['asker']);
    const to = faction(d['to']);
    const q = fields(d['question']);
    const asked = q && truthQuestion(view, q);
    if (!asker || !to || !asked || typeof d['answer'] !== 'boolean') return null;
    return `Truthtrance: the ${asker} asked the ${to} ${asked}: ${d['answer'] ? 'yes' : 'no'}.`;
  },
  traitors_dealt: (d, view, secret) => {
    const who = faction(d['faction']);
    const count = num(d['count']);
    if (!who || count === null) return null;
    const traitors = list(secret?.['traitors']);
    const names = traitors && eachId(view, traitors);
    const shown = names && names.length > 0 ? `: ${and(names)}` : '';
    return `${plural(count, 'traitor card')} dealt to the ${who}${shown}.`;
  },
  traitor_kept: (d, view, secret) => {
    const who = faction(d['faction']);
    if (!who) return null;
    const traitor = str(secret?.['traitor']);
    return `The ${who} kept a traitor${traitor === null ? '' : `: ${idText(view, traitor)}`}.`;
  },
  fremen_split: (d) => {
    const tabr = num(d['tabr']);
    const south = num(d['south']);
    const west = num(d['west']);
    return tabr !== null && south !== null && west !== null
      ? `The Fremen placed their forces: ${tabr} in Sietch Tabr, ${south} in False Wall South, ${west} in False Wall West.`
      : null;
  },
  game_over: (d) => {
    const winners = list(d['winners']);
    const names = winners && each(winners, faction);
    const reason = str(d['reason']);
    if (!names || reason === null) return null;
    const won = names.length === 0 ? 'nobody won' : `won by ${and(names.map((n) => `the ${n}`))}`;
    return `Game over, ${won} (${words(reason)}).`;
  },
};

/** Whether entries of `type` have a sentence. */
export function hasSentence(type: string): boolean {
  return Object.hasOwn(SENTENCES, type);
}

/** The entry as a sentence, or null when its type has none or its fields are not as expected. */
export function logSentence(
  view: DuneView,
  type: string,
  data: unknown,
  secret: unknown,
): string | null {
  const sentence = hasSentence(type) ? SENTENCES[type] : undefined;
  const d = fields(data ?? {});
  if (!sentence || !d) return null;
  return sentence(d, view, fields(secret));
}
