/**
 * Writes a match preview update (from the automation payload) through the content source, as
 * a draft for an editor to review, or straight to the published document.
 *
 * The fixture's stored versions are read first (raw perspective) and the write is one
 * transaction that only applies if none of them changed in between (`ifRevisionID`), so two
 * writers never overwrite each other blindly. A new draft starts as a copy of the published
 * document, as the Studio does. Publishing also patches an open draft with the same fields, so
 * an editor publishing that draft later does not undo the update.
 */
import { z } from "zod";
import { MATCH_PREVIEW_VERSIONS_QUERY } from "./queries";
import { DOCUMENT_TYPES, draftIdOf, isVersionId, matchPreviewDocumentId, publishedIdOf, type FixtureKey } from "./ids";
import type { MatchPreviewUpdate } from "./match-update-payload";
import { ContentConflictError, type ContentDocument, type ContentMutation, type ContentSource } from "./source";

export interface MatchPreviewWriteResult {
  /** The published document id (the draft is `drafts.` + this id). */
  documentId: string;
  /** Where the update went. */
  status: "draft" | "published";
  /** No document existed for the fixture before. */
  created: boolean;
  /** Match preview fields set. */
  fields: string[];
}

const storedDocuments = z.array(z.looseObject({ _id: z.string(), _type: z.string(), _rev: z.string().optional() }));

export function fixtureParams(key: FixtureKey) {
  return { league: key.league, season: key.season, homeTeam: key.homeTeam, awayTeam: key.awayTeam };
}

function withoutSystemFields(document: ContentDocument): ContentDocument {
  const { _rev, _createdAt, _updatedAt, _originalId, ...fields } = document;
  return fields;
}

export async function writeMatchPreviewUpdate(
  source: ContentSource,
  update: MatchPreviewUpdate,
): Promise<MatchPreviewWriteResult> {
  const versions = storedDocuments
    .parse(await source.query(MATCH_PREVIEW_VERSIONS_QUERY, fixtureParams(update.fixture), "raw"))
    .filter((document) => !isVersionId(document._id)) as ContentDocument[];
  const ids = [...new Set(versions.map((document) => publishedIdOf(document._id)))];
  if (ids.length > 1) {
    throw new ContentConflictError(
      `Several documents describe ${update.matchId} (${ids.join(", ")}); delete all but one in the Studio`,
    );
  }
  const documentId = ids[0] ?? matchPreviewDocumentId(update.fixture);
  const draftId = draftIdOf(documentId);
  const published = versions.find((document) => document._id === documentId);
  const draft = versions.find((document) => document._id === draftId);
  const fresh: ContentDocument = {
    _id: documentId,
    _type: DOCUMENT_TYPES.matchPreview,
    ...fixtureParams(update.fixture),
  };

  const patch = (document: ContentDocument): ContentMutation => ({
    patch: { id: document._id, set: update.set, ifRevisionID: document._rev },
  });
  const mutations: ContentMutation[] = [];
  if (update.publish) {
    mutations.push(published ? patch(published) : { create: { ...fresh, ...update.set } });
    if (draft) mutations.push(patch(draft));
  } else {
    const base = published ? withoutSystemFields(published) : fresh;
    mutations.push(draft ? patch(draft) : { create: { ...base, _id: draftId, ...update.set } });
  }
  await source.commit(mutations);

  return {
    documentId,
    status: update.publish ? "published" : "draft",
    created: !published && !draft,
    fields: Object.keys(update.set),
  };
}
