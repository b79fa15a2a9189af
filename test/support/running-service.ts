/** The two servers integration tests need. */
export type ServiceKind = 'postgres' | 'nats';

/** Where a server came from: the environment, a Testcontainers container, or a local binary. */
export type ServiceSource = 'env' | 'testcontainers' | 'local';

export interface RunningService {
  kind: ServiceKind;
  source: ServiceSource;
  url: string;
  /** For the progress line, e.g. 'PostgreSQL 15.14 on 127.0.0.1:41234'. */
  detail: string;
  /** Stops the server if the harness started it; a no-op for one given by the environment. */
  stop(): Promise<void>;
}
