import {
  FACTION_IDS,
  SECTOR_COUNT,
  TERRITORIES,
  type DuneView,
  type TerritoryFacts,
  type TerritoryKind,
} from '@veil/dune/client';
import { h } from '../dom.js';
import { factionName } from './names.js';

// The map of Arrakis as DOM: the storm ring (18 sectors) and every territory with its areas
// (one per sector), the forces and spice in each, and strongholds' control. Areas a form can
// take as its `from` or `to` are marked and clickable: clicking fills the form.

export interface MapTargets {
  /** Areas the active form offers as a source / destination. */
  readonly from: ReadonlySet<string>;
  readonly to: ReadonlySet<string>;
  readonly pick: (area: string) => void;
}

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The storm ring: sector 0 at the top, counter-clockwise as the storm moves; the storm shaded. */
export function stormRing(view: DuneView): HTMLElement {
  const root = svg('svg', { viewBox: '-110 -110 220 220', class: 'storm-ring', role: 'img' });
  const step = (2 * Math.PI) / SECTOR_COUNT;
  const point = (r: number, a: number) => `${r * Math.sin(a)},${-r * Math.cos(a)}`;
  for (let sector = 0; sector < SECTOR_COUNT; sector++) {
    // Counter-clockwise seen from above: sector n is n steps to the left of the top.
    const a0 = -sector * step - step / 2;
    const a1 = a0 + step;
    const d = `M ${point(55, a0)} L ${point(100, a0)} A 100 100 0 0 1 ${point(100, a1)} L ${point(55, a1)} A 55 55 0 0 0 ${point(55, a0)} Z`;
    root.appendChild(
      svg('path', { d, class: sector === view.storm ? 'sector sector-storm' : 'sector' }),
    );
    const [x, y] = point(78, a0 + step / 2).split(',');
    root.appendChild(
      svg(
        'text',
        { x: x ?? 0, y: y ?? 0, class: 'sector-label', 'text-anchor': 'middle', dy: 4 },
        String(sector),
      ),
    );
  }
  root.appendChild(
    svg('text', { x: 0, y: -4, 'text-anchor': 'middle', class: 'ring-title' }, 'Storm'),
  );
  root.appendChild(
    svg(
      'text',
      { x: 0, y: 14, 'text-anchor': 'middle', class: 'ring-value' },
      `sector ${view.storm}`,
    ),
  );
  return h(
    'div',
    { class: 'storm', 'data-testid': 'storm', 'data-storm': view.storm },
    root as never,
  );
}

const KIND_ORDER: readonly TerritoryKind[] = ['stronghold', 'rock', 'sand', 'polar_sink'];
const KIND_NAMES: Readonly<Record<TerritoryKind, string>> = {
  stronghold: 'Strongholds',
  rock: 'Rock',
  sand: 'Sand',
  polar_sink: 'Polar Sink',
};

/** A territory's areas: `<territory>:<sector>` for each sector, or the territory itself. */
function areasOf(id: string, facts: TerritoryFacts, view: DuneView): string[] {
  const areas = facts.sectors.length === 0 ? [id] : facts.sectors.map((s) => `${id}:${s}`);
  // Any area the view names that the list misses still shows.
  for (const area of [...Object.keys(view.forces), ...Object.keys(view.spice)]) {
    if (area.split(':')[0] === id && !areas.includes(area)) areas.push(area);
  }
  return areas;
}

function forcesBadges(view: DuneView, area: string): HTMLElement[] {
  const forces = view.forces[area] ?? {};
  return FACTION_IDS.filter((f) => (forces[f] ?? 0) > 0).map((f) =>
    h(
      'span',
      { class: `force force-${f}`, title: factionName(f), 'data-faction': f },
      `${factionName(f)} ${forces[f]}`,
    ),
  );
}

function areaChip(
  view: DuneView,
  area: string,
  facts: TerritoryFacts,
  targets: MapTargets,
): HTMLElement {
  const sector = area.split(':')[1];
  const spice = view.spice[area] ?? 0;
  const inStorm =
    sector !== undefined &&
    Number(sector) === view.storm &&
    !(facts.sheltered && !(facts.losesShelterToAtomics && view.flow.atomics));
  const isFrom = targets.from.has(area);
  const isTo = targets.to.has(area);
  const classes = ['area', inStorm && 'area-storm', isFrom && 'legal-from', isTo && 'legal-to']
    .filter(Boolean)
    .join(' ');
  return h(
    'div',
    {
      class: classes,
      'data-testid': 'area',
      'data-area': area,
      role: isFrom || isTo ? 'button' : null,
      on: isFrom || isTo ? { click: () => targets.pick(area) } : {},
    },
    h('span', { class: 'area-sector' }, sector === undefined ? '' : `s${sector}`),
    spice > 0 ? h('span', { class: 'spice', 'data-testid': 'spice' }, `${spice} spice`) : null,
    forcesBadges(view, area),
    inStorm ? h('span', { class: 'storm-mark' }, 'storm') : null,
  );
}

/** Who holds a stronghold: the one faction with forces there, or "contested". */
function controlText(view: DuneView, areas: readonly string[]): string | null {
  const present = FACTION_IDS.filter((f) => areas.some((a) => (view.forces[a]?.[f] ?? 0) > 0));
  if (present.length === 0) return null;
  return present.length === 1 ? `held by ${factionName(present[0]!)}` : 'contested';
}

export function territoryMap(view: DuneView, targets: MapTargets): HTMLElement {
  const entries = Object.entries(TERRITORIES) as Array<[string, TerritoryFacts]>;
  return h(
    'div',
    { class: 'dune-map', 'data-testid': 'map' },
    KIND_ORDER.map((kind) =>
      h(
        'section',
        { class: `map-group map-${kind}` },
        h('h3', null, KIND_NAMES[kind]),
        h(
          'div',
          { class: 'territories' },
          entries
            .filter(([, facts]) => facts.kind === kind)
            .map(([id, facts]) => {
              const areas = areasOf(id, facts, view);
              const control = kind === 'stronghold' ? controlText(view, areas) : null;
              return h(
                'div',
                { class: `territory territory-${kind}`, 'data-territory': id },
                h(
                  'div',
                  { class: 'territory-name' },
                  facts.name,
                  control ? h('span', { class: 'control' }, ` · ${control}`) : null,
                ),
                areas.map((area) => areaChip(view, area, facts, targets)),
              );
            }),
        ),
      ),
    ),
  );
}
