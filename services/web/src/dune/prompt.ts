import type { DuneView } from '@veil/dune/client';
import { factionName, idText, phaseName, territoryName, words } from './names.js';
import { boundaryPrompt, selectionPrompt } from './semuta.js';

// Pure: what the board says the game waits for, from the public parts of the view.

const list = (factions: readonly string[]) => factions.map(factionName).join(', ');

/** The open decision in words: the choice, auction, window or decision the game is at. */
export function promptText(view: DuneView): string {
  if (view.result) {
    const winners = view.result.winners.map(factionName).join(' and ') || 'Nobody';
    return `${winners} won (${words(view.result.reason)}).`;
  }
  const open = view.windows.find((w) => w.status === 'open');
  if (open?.kind === 'karama_power')
    return `Any player asked may play a Karama against ${words(String(open.cause.power))} now, or pass.`;
  if (open?.kind === 'semuta') return boundaryPrompt();
  if (open) return `Any eligible player may play ${words(open.kind)} now, or pass.`;
  const d = view.decision;
  if (d) {
    switch (d.kind) {
      case 'fremen_split':
        return 'The Fremen place their ten starting forces.';
      case 'alliance_offer':
        return `${factionName(d.from)} offers an alliance.`;
      case 'spiritual_advisor':
        return `The Bene Gesserit may send a spiritual advisor with ${factionName(d.shipper)}'s shipment.`;
      case 'keep_cards':
        return `The battle winner in ${territoryName(d.territory)} decides which cards to keep.`;
      case 'worm_ride':
        return `The Fremen may ride the worm from ${territoryName(d.territory)}.`;
      case 'emperor_revival':
        return `The Emperor may pay for revivals of ${factionName(d.ally)}.`;
      case 'ally_worm_protection':
        return `The Fremen decide whether the worm in ${territoryName(d.territory)} spares their ally.`;
      case 'ally_free_revival':
        return `The Fremen decide whether ${factionName(d.ally)} revives with 3 free forces.`;
      case 'harkonnen_mulligan':
        return 'The Harkonnen may redraw their traitors.';
      case 'semuta_select':
        return selectionPrompt(d.seat);
    }
  }
  if (view.choice) {
    const what: Record<string, string> = {
      setup: 'pick a traitor (the Bene Gesserit also predict the winner)',
      storm_dial: 'dial the storm',
      battle_plan: 'commit a battle plan',
      traitor_call: 'decide whether to call a traitor',
    };
    return `${list(view.choice.participants)}: ${what[view.choice.kind] ?? words(view.choice.kind)}. Hidden until everyone is in; revealed together.`;
  }
  if (view.auction) {
    const a = view.auction;
    const high = a.highBidder
      ? `high bid ${a.highBid} by ${factionName(a.highBidder)}`
      : 'no bid yet';
    return `Card ${a.cardNumber} of ${a.totalCards} is up for auction: ${high}. ${factionName(a.bidder)} to bid.`;
  }
  if (view.battle) {
    const b = view.battle;
    return `Battle in ${territoryName(b.territory)}: ${factionName(b.aggressor)} against ${factionName(b.defender)} (${words(b.stage)}).`;
  }
  const names = list(view.deciders);
  return names ? `${phaseName(view.phase)}: ${names} to act.` : `${phaseName(view.phase)}.`;
}

/** The viewer's own hidden commitment, if the open choice holds one. */
export function ownCommitmentText(view: DuneView): string | null {
  if (!view.choice || view.choice.mine === null || view.choice.mine === undefined) return null;
  const mine = view.choice.mine as Record<string, unknown> | number | boolean;
  let what: string;
  if (typeof mine === 'number') what = `dial ${mine}`;
  else if (typeof mine === 'boolean') what = mine ? 'call the traitor' : 'no traitor call';
  else if ('traitor' in mine) what = `traitor ${idText(view, String(mine['traitor']))}`;
  else {
    const p = mine as {
      leader?: string | null;
      dial?: number;
      weapon?: string | null;
      defense?: string | null;
    };
    const part = (x: string | null | undefined) => (x ? idText(view, x) : 'none');
    what = `leader ${part(p.leader)}, dial ${p.dial ?? 0}, weapon ${part(p.weapon)}, defense ${part(p.defense)}`;
  }
  return `Yours is in: ${what}. You may change it until everyone is in.`;
}

/** Who the game waits on, for the viewer who does not decide now. */
export function waitingText(view: DuneView): string {
  if (view.deciders.length === 0) return '';
  return `Waiting for ${list(view.deciders)}…`;
}
