import { describe, expect, it } from "vitest";
import { portableTextSchema } from "./documents";
import { plainTextToPortableText, portableTextToPlainText } from "./portable-text";

describe("plain text to Portable Text", () => {
  it("makes paragraphs of blank-line-separated text and list items of dashed lines", () => {
    const blocks = plainTextToPortableText("First line\ncontinues.\n\n- one\n* two\n\nLast.");
    expect(blocks.map((b) => [b.listItem ?? "p", b.children[0].text])).toEqual([
      ["p", "First line continues."],
      ["bullet", "one"],
      ["bullet", "two"],
      ["p", "Last."],
    ]);
    expect(new Set(blocks.map((b) => b._key)).size).toBe(4);
    expect(portableTextSchema.parse(blocks)).toEqual(blocks);
    expect(portableTextToPlainText(blocks)).toBe("First line continues.\n\none\n\ntwo\n\nLast.");
  });

  it("keeps text as text: markup is not interpreted", () => {
    const [block] = plainTextToPortableText("<script>alert(1)</script>");
    expect(block.children[0].text).toBe("<script>alert(1)</script>");
  });
});
