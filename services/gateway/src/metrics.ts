import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The gateway's Prometheus metrics, in a registry of its own (several gateways may run in one
 * process, e.g. in tests). Labels never carry room ids or seats: their number is unbounded.
 */
export class GatewayMetrics {
  readonly registry = new Registry();
  /** Rooms that have at least one socket on this gateway. */
  readonly roomsLive: Gauge;
  readonly sockets: Gauge<'kind'>;
  /** `act` requests by result code (`ok` or an error code); its rate is actions per second. */
  readonly actions: Counter<'result'>;
  /** Seconds from an `act` arriving to its ack. */
  readonly actLatency: Histogram<'result'>;
  readonly roomsCreated: Counter;
  readonly httpRequests: Counter<'route' | 'status'>;
  /** View publications forwarded to sockets. */
  readonly viewsForwarded: Counter;

  constructor(options: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    this.roomsLive = new Gauge({
      name: 'veil_gateway_rooms_live',
      help: 'Rooms with at least one connected socket on this gateway',
      registers,
    });
    this.sockets = new Gauge({
      name: 'veil_gateway_sockets',
      help: 'Connected sockets (seats and spectators)',
      labelNames: ['kind'],
      registers,
    });
    this.actions = new Counter({
      name: 'veil_gateway_actions_total',
      help: 'act requests, by result (ok or error code)',
      labelNames: ['result'],
      registers,
    });
    this.actLatency = new Histogram({
      name: 'veil_gateway_act_latency_seconds',
      help: 'Time from an act request to its ack',
      labelNames: ['result'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.roomsCreated = new Counter({
      name: 'veil_gateway_rooms_created_total',
      help: 'Rooms created through POST /api/rooms',
      registers,
    });
    this.httpRequests = new Counter({
      name: 'veil_gateway_http_requests_total',
      help: 'HTTP requests, by route and status',
      labelNames: ['route', 'status'],
      registers,
    });
    this.viewsForwarded = new Counter({
      name: 'veil_gateway_views_forwarded_total',
      help: 'View events emitted to sockets',
      registers,
    });
    if (options.defaultMetrics) collectDefaultMetrics({ register: this.registry });
  }
}
