/**
 * "One document per ..." checks for document-level validation: another stored document (any
 * draft or published version other than this one's) with the same key fields is an error.
 */
import type { ValidationContext } from "sanity";
import { draftIdOf, publishedIdOf } from "@shared/content/ids";
import { STUDIO_API_VERSION } from "../environment";

export async function isKeyTaken(
  context: ValidationContext,
  type: string,
  id: string,
  key: Record<string, string>,
): Promise<boolean> {
  const conditions = Object.keys(key).map((field) => `${field} == $${field}`);
  const query = `count(*[_type == $type && ${conditions.join(" && ")} && !(_id in [$published, $draft]) && !(_id in path("versions.**"))])`;
  const client = context.getClient({ apiVersion: STUDIO_API_VERSION });
  const count = await client.fetch<number>(
    query,
    { ...key, type, published: publishedIdOf(id), draft: draftIdOf(id) },
    { perspective: "raw" },
  );
  return count > 0;
}
