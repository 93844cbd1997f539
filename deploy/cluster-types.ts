/** What `startCluster` (cluster.ts) is given and what it hands back. */
export interface ClusterOptions {
  /** A superuser's connection to the server (creates the roles and the database). */
  adminUrl: string;
  database: string;
  roles: { owner: string; app: string };
  webPorts: readonly number[];
  proxyPort: number;
  /** Run the sync worker (on by default; tests that write themselves turn it off). */
  worker: boolean;
  /** Where Varnish keeps its files and the generated VCL. */
  workDir: string;
  /** Environment every process gets besides what the topology sets (CLOCK, data sources, secrets). */
  env: Record<string, string | undefined>;
  /** Varnish's cache size in megabytes. */
  proxyMemoryMb: number;
  /** Each line a process prints, with its name. */
  onLine?: (name: string, line: string) => void;
}

export interface Cluster {
  proxyUrl: string;
  webUrls: string[];
  /** The application role's connection (what the processes use). */
  appUrl: string;
  ownerUrl: string;
  /**
   * Takes web process `index` out of Varnish's rotation, stops it (it drains), starts it again and
   * waits until Varnish sends it requests again.
   */
  restartWeb(index: number): Promise<void>;
  /** Every web process in turn; `onBack` hears each one's name once it is back in rotation. */
  rollingRestart(onBack?: (name: string) => void): Promise<void>;
  /** What a process printed so far: `web1`, `web2`, `worker`, `varnish`. */
  output(name: string): string;
  /** The process ids now running, by name (benchmarks pin them to a core). */
  pids(): Record<string, number>;
  /** Varnish's working directory (`varnishstat -n` reads its counters there). */
  varnishDir: string;
  stop(): Promise<void>;
}
