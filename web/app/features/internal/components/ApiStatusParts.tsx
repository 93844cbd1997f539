/** The parts of /api-status (internal) about the sync worker's runs and the page cache. */
import { ScrollRegion } from "../../../components/ScrollRegion";
import type { JobRunStatus, PageCacheStatus } from "../api-status.server";
import { UtcTime } from "../internal-page";

function formatDuration(ms: number | null): string {
  if (ms === null) return "";
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** "3 min ago", from the report's own time so server and browser write the same. */
function ago(iso: string, reference: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(reference) - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 48 * 3600) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} days ago`;
}

export const number = (n: number) => n.toLocaleString("en-US");

export function StatusBadge({ status }: { status: string }) {
  return <span className={`status-badge status-badge--${status}`}>{status}</span>;
}

/** This process's page cache: hit rate, what it holds, what it dropped. */
export function PageCacheFacts({ cache }: { cache: PageCacheStatus | null }) {
  if (!cache || !cache.enabled) {
    return <p className="internal-card__state">Off{cache ? " (PAGE_CACHE_MB=0)" : ""}</p>;
  }
  const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return (
    <>
      <p className="internal-card__state">
        {cache.hitRate === null ? "No page served yet" : `${cache.hitRate}% hit rate`}
      </p>
      <dl className="internal-facts">
        <div>
          <dt>Hits / misses</dt>
          <dd>
            {number(cache.hits)} / {number(cache.misses)} ({number(cache.notModified)} answered 304)
          </dd>
        </div>
        <div>
          <dt>Not cacheable</dt>
          <dd>{number(cache.bypassed)} (preview, internal pages, writes)</dd>
        </div>
        <div>
          <dt>Holds</dt>
          <dd>
            {number(cache.entries)} pages, {megabytes(cache.bytes)} of {megabytes(cache.maxBytes)}
          </dd>
        </div>
        <div>
          <dt>Dropped</dt>
          <dd>
            {number(cache.expired)} after a data change or {cache.maxAgeSeconds} s, {number(cache.evicted)} to stay
            within memory
          </dd>
        </div>
      </dl>
    </>
  );
}

export function JobsTable({ jobs, generatedAt }: { jobs: JobRunStatus[]; generatedAt: string }) {
  return (
    <ScrollRegion label="Last run of every sync job">
      <table className="data-table internal-table">
        <thead>
          <tr>
            <th scope="col">Job</th>
            <th scope="col">Status</th>
            <th scope="col">Started</th>
            <th scope="col">Took</th>
            <th scope="col">Read</th>
            <th scope="col">Written</th>
            <th scope="col">Rejected</th>
            <th scope="col">Provider / note</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((run) => (
            <tr key={run.job}>
              <th scope="row">{run.job}</th>
              <td>
                <StatusBadge status={run.status} />
              </td>
              <td className="internal-table__when">
                <UtcTime iso={run.startedAt} />
                <span className="muted"> · {ago(run.startedAt, generatedAt)}</span>
              </td>
              <td>{formatDuration(run.durationMs)}</td>
              <td>{number(run.rowsRead)}</td>
              <td>{number(run.rowsWritten)}</td>
              <td>{number(run.rowsRejected)}</td>
              <td className="internal-table__note">{[run.provider, run.error].filter(Boolean).join(": ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** How the last runs went, in a line, and which jobs failed. */
export function JobsSummary({ jobs }: { jobs: JobRunStatus[] | null }) {
  if (jobs === null) return <p className="muted">The run log could not be read.</p>;
  if (jobs.length === 0) return <p className="muted">No job has run yet.</p>;
  const counted = (status: string) => jobs.filter((run) => run.status === status).length;
  const failed = jobs.filter((run) => run.status === "failed").map((run) => run.job);
  const running = counted("running");
  return (
    <div className="internal-summary">
      <p>
        {jobs.length} jobs have run: {counted("ok")} ok, {counted("skipped")} skipped, {failed.length} failed
        {running > 0 ? `, ${running} running` : ""}.
      </p>
      {failed.length > 0 && <p className="internal-error">Last run failed: {failed.join(", ")}.</p>}
      <p className="muted">
        The table below is what <code>npm run sync:status</code> prints.
      </p>
    </div>
  );
}
