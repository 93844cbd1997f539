/**
 * Which feature folder may use which: the graph `npm run lint:deps` holds the features to
 * (.dependency-cruiser.cjs turns each entry into a rule). It has no cycle, so a reader can take a
 * feature with everything below it and nothing above; tests/architecture/dependency-rules.test.ts
 * checks that, and that a planted cycle fails the lint.
 *
 * From the bottom: seo (head tags, JSON-LD), content (editors' documents), the small leaves
 * (parlay, player, standings), match (everything about one match and lists of matches), the
 * pages built from matches (league, track-record, picks, team), and at the top what gathers
 * other features (home, search, internal, editor-desk, sitemap, social-card). Pieces several
 * features show live in `web/app/components/` (TeamBadge) or in the lowest feature that owns
 * them (the parlay button in parlay, the moved-match badge text in match).
 *
 * Adding an arrow: put the feature it points to lower than the one it leaves; a feature folder
 * missing here fails the lint until it is added.
 */
module.exports = {
  seo: [],
  content: ["seo"],
  parlay: [],
  player: ["seo"],
  standings: [],
  match: ["content", "parlay", "seo", "standings"],
  league: ["match", "player", "seo", "standings"],
  "track-record": ["content", "match", "seo"],
  picks: ["content", "league", "match", "seo"],
  team: ["content", "league", "match", "seo", "standings"],
  home: ["match", "parlay", "seo", "track-record"],
  search: ["match"],
  internal: ["match"],
  "editor-desk": ["match", "standings"],
  sitemap: ["match", "seo"],
  "social-card": ["home", "match", "picks"],
};
