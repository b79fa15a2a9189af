import { describe, inject, type TestContext } from 'vitest';
import type { Services } from './provided-context.js';

// The test-file side of the harness: read what the global setup provided, and skip cleanly
// when it could not provide Postgres and NATS.

/** Why the services are unavailable, or undefined when tests can use them. */
export function servicesSkipReason(): string | undefined {
  const reason = inject('servicesSkipReason');
  if (reason) return reason;
  if (!inject('databaseUrl') || !inject('natsUrl')) {
    return 'the services global setup did not run (run this file in the `integration` project)';
  }
  return undefined;
}

/**
 * The Postgres and NATS URLs. When they are unavailable: with a test context, skips that test
 * (`services(ctx)`); without one, throws — call it only inside `describeWithServices`, whose
 * hooks and tests do not run when the services are missing.
 */
export function services(context?: Pick<TestContext, 'skip'>): Services {
  const databaseUrl = inject('databaseUrl');
  const natsUrl = inject('natsUrl');
  if (databaseUrl && natsUrl) return { databaseUrl, natsUrl };
  const reason = servicesSkipReason() ?? 'unknown reason';
  if (context) return context.skip(reason);
  throw new Error(
    `Postgres and NATS are unavailable (${reason}); use describeWithServices() or services(ctx)`,
  );
}

/** `describe`, skipped (with the reason in its name) when Postgres and NATS are unavailable. */
export function describeWithServices(name: string, body: () => void): void {
  const reason = servicesSkipReason();
  if (reason === undefined) describe(name, body);
  else describe.skip(`${name} [skipped: ${reason}]`, body);
}
