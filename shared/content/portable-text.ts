/**
 * Plain text to Portable Text, for texts that arrive without formatting (the automation
 * payload). Blank lines separate paragraphs; lines starting with "- " or "* " are bullet list
 * items. Keys are positional: they only need to be unique within one field.
 */
import type { PortableText } from "./documents";

const BULLET = /^\s*[-*]\s+/;

export function plainTextToPortableText(text: string): PortableText {
  const blocks: PortableText = [];
  const push = (content: string, listItem?: "bullet") => {
    const key = `b${blocks.length}`;
    blocks.push({
      _type: "block",
      _key: key,
      style: "normal",
      ...(listItem && { listItem, level: 1 }),
      markDefs: [],
      children: [{ _type: "span", _key: `${key}s0`, text: content, marks: [] }],
    });
  };
  for (const paragraph of text.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    const lines = paragraph
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "");
    let prose: string[] = [];
    const flush = () => {
      if (prose.length > 0) push(prose.join(" "));
      prose = [];
    };
    for (const line of lines) {
      if (BULLET.test(line)) {
        flush();
        push(line.replace(BULLET, ""), "bullet");
      } else {
        prose.push(line);
      }
    }
    flush();
  }
  return blocks;
}

/** The text of Portable Text blocks, paragraphs separated by blank lines (for tests and previews). */
export function portableTextToPlainText(blocks: PortableText | null | undefined): string {
  return (blocks ?? []).map((block) => block.children.map((span) => span.text).join("")).join("\n\n");
}
