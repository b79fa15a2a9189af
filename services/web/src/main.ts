import { renderLobby } from './lobby.js';
import { openReplay } from './replay.js';
import { openRoom } from './room.js';
import { parseRoute } from './router.js';
import { installCardTips } from './tooltip.js';

// The whole client: a hash router over four pages (lobby, seat, spectator, replay), talking to the
// gateway that served it (same origin) through @veil/client.

const root = document.getElementById('app');
const tip = document.getElementById('card-tip');
const base = location.origin;
let leave: (() => void) | null = null;

function route(): void {
  if (!root) return;
  leave?.();
  leave = null;
  const r = parseRoute(location.hash);
  document.title = r.page === 'lobby' ? 'Veil' : `Veil · ${r.roomId}`;
  if (r.page === 'lobby') leave = renderLobby(root, base);
  else if (r.page === 'replay') leave = openReplay(root, base, r);
  else leave = openRoom(root, base, r);
}

if (tip) installCardTips(tip);
window.addEventListener('hashchange', route);
route();
