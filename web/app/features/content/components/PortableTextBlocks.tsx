/**
 * A small Portable Text renderer for the editorial texts the content layer delivers: blocks of
 * spans (paragraph, blockquote and heading styles), bullet and numbered lists nested by level,
 * decorators (strong, em, code, underline, strike-through) and annotations (links). Every node
 * becomes a React element; nothing is ever inserted as HTML.
 *
 * The markup is the one @portabletext/react produces for these inputs (the same nesting of lists
 * inside list items, the same order of nested marks, <br> for line breaks in a span, <p> for an
 * unknown style and a classed <span> for an unknown mark), which the unit test checks against
 * that library. This module exists so that the browser does not download the general-purpose
 * library and its toolkit for a handful of element types.
 */
import type { ReactNode } from "react";
import type { PortableText as PortableTextValue } from "@shared/content/documents";
import { safeLinkHref } from "@shared/content/link-href";

export type PortableTextBlock = PortableTextValue[number];
type Span = PortableTextBlock["children"][number];
export type MarkDef = NonNullable<PortableTextBlock["markDefs"]>[number];

/** A list built from consecutive list-item blocks: a list item may hold a deeper list. */
interface ListNode {
  _type: "@list";
  _key: string;
  level: number;
  listItem: NonNullable<PortableTextBlock["listItem"]>;
  children: ListItemBlock[];
}

type ListItemBlock = Omit<PortableTextBlock, "children"> & {
  listItem: NonNullable<PortableTextBlock["listItem"]>;
  children: Array<Span | ListNode>;
};

type TreeNode = PortableTextBlock | ListNode;

/** A run of text carrying one mark; nested runs carry the marks inside it. */
interface MarkNode {
  _type: "@span";
  _key?: string;
  markDef?: MarkDef;
  markType: string;
  markKey?: string;
  children: MarkChild[];
}

type MarkChild = MarkNode | { _type: "@text"; text: string } | ListNode;

/** The props a mark's component receives: the mark's definition (for links) and its content. */
export interface MarkProps {
  value: MarkDef | undefined;
  children: ReactNode;
}

export type MarkComponent = (props: MarkProps) => ReactNode;

const DEFAULT_MARKS: Readonly<Record<string, MarkComponent>> = {
  em: ({ children }) => <em>{children}</em>,
  strong: ({ children }) => <strong>{children}</strong>,
  code: ({ children }) => <code>{children}</code>,
  // A class, not a style attribute: the CSP refuses inline styles.
  underline: ({ children }) => <span className="text-underline">{children}</span>,
  "strike-through": ({ children }) => <del>{children}</del>,
  link: DefaultLink,
};

/** A plain link; an address that is not http(s), mailto or a page of this site shows only the text. */
function DefaultLink({ value, children }: MarkProps): ReactNode {
  const href = safeLinkHref(value?.href);
  return href === null ? <>{children}</> : <a href={href}>{children}</a>;
}

const BLOCK_TAGS = new Set(["blockquote", "h1", "h2", "h3", "h4", "h5", "h6"]);

/** Decorators in the order their marks nest when they cover the same run of spans. */
const KNOWN_DECORATORS = ["strong", "em", "code", "underline", "strike-through"];

function warn(message: string): void {
  console.warn(`Portable Text: ${message}`);
}

const isListItem = (block: TreeNode): block is ListItemBlock & PortableTextBlock =>
  block._type === "block" && typeof block.listItem === "string";

// ---------------------------------------------------------------------------------------------
// Lists: consecutive list-item blocks become lists; a deeper level nests inside the last item.

function listFrom(block: ListItemBlock, index: number): ListNode {
  return {
    _type: "@list",
    _key: `${block._key || `${index}`}-parent`,
    level: block.level || 1,
    listItem: block.listItem,
    children: [block],
  };
}

function findList(root: TreeNode | Span | ListItemBlock, level: number, listItem?: string): ListNode | undefined {
  if (root._type === "@list" && (root.level || 1) === level && listItem !== undefined && root.listItem === listItem)
    return root;
  if (!("children" in root)) return undefined;
  const last: TreeNode | Span | ListItemBlock | undefined = root.children[root.children.length - 1];
  return last && last._type !== "span" ? findList(last, level, listItem) : undefined;
}

export function nestLists(blocks: readonly PortableTextBlock[]): TreeNode[] {
  const tree: TreeNode[] = [];
  let current: ListNode | undefined;
  blocks.forEach((block, index) => {
    if (!isListItem(block)) {
      tree.push(block);
      current = undefined;
      return;
    }
    const level = block.level || 1;
    if (!current) {
      current = listFrom(block, index);
      tree.push(current);
    } else if (level === current.level && block.listItem === current.listItem) {
      current.children.push(block);
    } else if (level > current.level) {
      const list = listFrom(block, index);
      const last = current.children[current.children.length - 1];
      current.children[current.children.length - 1] = { ...last, children: [...last.children, list] };
      current = list;
    } else if (level < current.level) {
      const match = tree.length > 0 ? findList(tree[tree.length - 1], level, block.listItem) : undefined;
      if (match) {
        current = match;
        match.children.push(block);
      } else {
        current = listFrom(block, index);
        tree.push(current);
      }
    } else {
      // Same level, other list type: continue an enclosing list of that type, or start one.
      const match = tree.length > 0 ? findList(tree[tree.length - 1], level) : undefined;
      if (match && match.listItem === block.listItem) {
        current = match;
        match.children.push(block);
      } else {
        current = listFrom(block, index);
        tree.push(current);
      }
    }
  });
  return tree;
}

// ---------------------------------------------------------------------------------------------
// Marks: the spans of a block become a tree of marked runs, the longest-running marks outermost.

function sortedMarks(span: Span | ListNode, index: number, siblings: ReadonlyArray<Span | ListNode>): string[] {
  if (span._type !== "span" || !span.marks?.length) return [];
  const counts: Record<string, number> = {};
  for (const mark of span.marks) {
    counts[mark] = 1;
    for (let next = index + 1; next < siblings.length; next++) {
      const sibling = siblings[next];
      if (sibling._type === "span" && Array.isArray(sibling.marks) && sibling.marks.includes(mark)) counts[mark]++;
      else break;
    }
  }
  return span.marks.slice().sort((a, b) => {
    if (counts[a] !== counts[b]) return counts[b] - counts[a];
    const aPos = KNOWN_DECORATORS.indexOf(a);
    const bPos = KNOWN_DECORATORS.indexOf(b);
    return aPos === bPos ? a.localeCompare(b) : aPos - bPos;
  });
}

export function buildMarksTree(block: {
  children: ReadonlyArray<Span | ListNode>;
  markDefs?: readonly MarkDef[];
}): MarkChild[] {
  const { children } = block;
  const markDefs = block.markDefs ?? [];
  const root: MarkNode = { _type: "@span", children: [], markType: "<unknown>" };
  let stack: MarkNode[] = [root];
  const marksPerSpan = children.map((span, index) => sortedMarks(span, index, children));
  children.forEach((span, index) => {
    const needed = marksPerSpan[index];
    let depth = 1;
    for (; depth < stack.length; depth++) {
      const at = needed.indexOf(stack[depth].markKey || "");
      if (at === -1) break;
      needed.splice(at, 1);
    }
    stack = stack.slice(0, depth);
    let node = stack[stack.length - 1];
    for (const markKey of needed) {
      const markDef = markDefs.find((def) => def._key === markKey);
      const child: MarkNode = {
        _type: "@span",
        _key: span._key,
        children: [],
        markDef,
        markType: markDef ? markDef._type : markKey,
        markKey,
      };
      node.children.push(child);
      stack.push(child);
      node = child;
    }
    if (span._type === "span") {
      const lines = span.text.split("\n");
      for (let line = lines.length; line-- > 1;) lines.splice(line, 0, "\n");
      node.children.push(...lines.map((text) => ({ _type: "@text" as const, text })));
    } else {
      node.children.push(span);
    }
  });
  return root.children;
}

// ---------------------------------------------------------------------------------------------
// Rendering.

interface Renderer {
  marks: Readonly<Record<string, MarkComponent>>;
}

function renderMarkChild(child: MarkChild, index: number, renderer: Renderer): ReactNode {
  if (child._type === "@text") return child.text === "\n" ? <br key={`node-${index}`} /> : child.text;
  if (child._type === "@list") return renderList(child, index, renderer);
  const key = child._key || `node-${index}`;
  const content = child.children.map((grandchild, i) => renderMarkChild(grandchild, i, renderer));
  const Mark = Object.hasOwn(renderer.marks, child.markType) ? renderer.marks[child.markType] : undefined;
  if (!Mark) {
    warn(`unknown mark type "${child.markType}"`);
    return (
      <span key={key} className={`unknown__pt__mark__${child.markType}`}>
        {content}
      </span>
    );
  }
  return (
    <Mark key={key} value={child.markDef}>
      {content}
    </Mark>
  );
}

function blockContent(
  block: { children: ReadonlyArray<Span | ListNode>; markDefs?: readonly MarkDef[] },
  renderer: Renderer,
): ReactNode[] {
  return buildMarksTree(block).map((child, index) => renderMarkChild(child, index, renderer));
}

function renderBlock(
  block: PortableTextBlock | Omit<ListItemBlock, "listItem">,
  index: number,
  renderer: Renderer,
): ReactNode {
  const key = block._key || `node-${index}`;
  const style = block.style || "normal";
  const content = blockContent(block, renderer);
  if (style !== "normal" && !BLOCK_TAGS.has(style)) warn(`unknown block style "${style}", rendered as a paragraph`);
  const Tag = BLOCK_TAGS.has(style) ? (style as "blockquote" | "h1") : "p";
  return <Tag key={key}>{content}</Tag>;
}

function renderListItem(item: ListItemBlock, index: number, renderer: Renderer): ReactNode {
  const key = item._key || `node-${index}`;
  let content: ReactNode;
  if (item.style && item.style !== "normal") {
    const { listItem: _listItem, ...block } = item;
    content = renderBlock(block, index, renderer);
  } else {
    content = blockContent(item, renderer);
  }
  return <li key={key}>{content}</li>;
}

function renderList(list: ListNode, index: number, renderer: Renderer): ReactNode {
  const items = list.children.map((item, i) =>
    renderListItem(item._key ? item : { ...item, _key: `li-${index}-${i}` }, i, renderer),
  );
  const key = list._key || `node-${index}`;
  return list.listItem === "number" ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
}

/**
 * The blocks as React elements. `marks` adds or replaces mark components (a link component,
 * for instance); the defaults render the decorators and a plain link.
 */
export function PortableTextBlocks({
  value,
  marks,
}: {
  value: readonly PortableTextBlock[] | null | undefined;
  marks?: Readonly<Record<string, MarkComponent>>;
}) {
  const renderer: Renderer = { marks: marks ? { ...DEFAULT_MARKS, ...marks } : DEFAULT_MARKS };
  return (
    <>
      {nestLists(value ?? []).map((node, index) =>
        node._type === "@list" ? renderList(node, index, renderer) : renderBlock(node, index, renderer),
      )}
    </>
  );
}
