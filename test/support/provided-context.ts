// What the integration global setup hands to test files (vitest `provide` / `inject`).

declare module 'vitest' {
  export interface ProvidedContext {
    /** Postgres server URL (its default database); absent when the services are skipped. */
    databaseUrl?: string;
    /** NATS server URL, JetStream enabled; absent when the services are skipped. */
    natsUrl?: string;
    /** Why Postgres/NATS are unavailable; set only when the integration tests skip. */
    servicesSkipReason?: string;
    /** Unique per run; names this run's test databases so teardown can find them. */
    servicesRunId?: string;
  }
}

/** The real servers an integration test talks to. */
export interface Services {
  databaseUrl: string;
  natsUrl: string;
}
