/**
 * Compares two V8 heap snapshots (as the memory soak writes with --heap-snapshots): the live
 * objects of each kind (constructor name, native memory by name, the node type for strings,
 * code, arrays...), their
 * count and self size in each, sorted by growth. Retained sizes are not computed: self sizes
 * summed by kind are enough to see what accumulates.
 *
 *   node --import tsx web/bench/heap-diff.ts <before.heapsnapshot> <after.heapsnapshot> [rows]
 */
import { readFileSync } from "node:fs";

interface HeapSnapshotFile {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export interface KindTotals {
  count: number;
  selfSize: number;
}

/** Live objects of a snapshot by kind: "Object", "(string)", "(compiled code)", "Map"... */
export function summarizeSnapshot(file: string): Map<string, KindTotals> {
  const data = JSON.parse(readFileSync(file, "utf8")) as HeapSnapshotFile;
  const fields = data.snapshot.meta.node_fields;
  const types = data.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const totals = new Map<string, KindTotals>();
  for (let i = 0; i < data.nodes.length; i += width) {
    const type = types[data.nodes[i + typeAt]];
    const name = data.strings[data.nodes[i + nameAt]];
    // Objects by constructor, closures by function name, native memory (array buffers, WebAssembly
    // memories) by what V8 calls it; strings, code and arrays by type alone.
    const kind =
      type === "object"
        ? name
        : type === "closure"
          ? `${name} (closure)`
          : type === "native"
            ? `(native) ${name.replace(/\s+/g, " ").slice(0, 48)}`
            : `(${type})`;
    const entry = totals.get(kind) ?? { count: 0, selfSize: 0 };
    entry.count += 1;
    entry.selfSize += data.nodes[i + sizeAt];
    totals.set(kind, entry);
  }
  return totals;
}

function main(): void {
  const [before, after, rowsArg] = process.argv.slice(2);
  if (!before || !after) {
    console.error("usage: heap-diff <before.heapsnapshot> <after.heapsnapshot> [rows]");
    process.exitCode = 2;
    return;
  }
  const rows = Number(rowsArg ?? 25);
  const a = summarizeSnapshot(before);
  const b = summarizeSnapshot(after);
  const total = (m: Map<string, KindTotals>) =>
    [...m.values()].reduce((sum, e) => ({ count: sum.count + e.count, selfSize: sum.selfSize + e.selfSize }), {
      count: 0,
      selfSize: 0,
    });
  const ta = total(a);
  const tb = total(b);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
  console.log(
    `before: ${ta.count.toLocaleString("en-US")} objects, ${mb(ta.selfSize)} MB; after: ${tb.count.toLocaleString("en-US")} objects, ${mb(tb.selfSize)} MB; change ${mb(tb.selfSize - ta.selfSize)} MB`,
  );
  const kinds = new Set([...a.keys(), ...b.keys()]);
  const diff = [...kinds].map((kind) => {
    const x = a.get(kind) ?? { count: 0, selfSize: 0 };
    const y = b.get(kind) ?? { count: 0, selfSize: 0 };
    return { kind, before: x, after: y, sizeChange: y.selfSize - x.selfSize, countChange: y.count - x.count };
  });
  diff.sort((p, q) => q.sizeChange - p.sizeChange);
  const line = (d: (typeof diff)[number]) =>
    `${d.kind.slice(0, 60).padEnd(60)} ${d.before.count.toLocaleString("en-US").padStart(10)} ${d.after.count.toLocaleString("en-US").padStart(10)} ${(d.countChange >= 0 ? "+" : "") + d.countChange.toLocaleString("en-US")}`.padEnd(
      96,
    ) +
    ` ${mb(d.before.selfSize).padStart(8)} ${mb(d.after.selfSize).padStart(8)} ${(d.sizeChange >= 0 ? "+" : "") + mb(d.sizeChange)}`;
  console.log(
    `${"kind".padEnd(60)} ${"count".padStart(10)} ${"count".padStart(10)} change`.padEnd(96) +
      ` ${"MB".padStart(8)} ${"MB".padStart(8)} change`,
  );
  console.log("grew most:");
  for (const d of diff.slice(0, rows)) console.log(line(d));
  console.log("shrank most:");
  for (const d of diff.slice(-Math.min(10, diff.length)).reverse()) console.log(line(d));
}

main();
