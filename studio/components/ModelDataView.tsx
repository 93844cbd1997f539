/**
 * 'Model & data': a document view beside a match preview's form with the site's numbers for its
 * fixture (see model-data.ts) and what the site will show once this draft is published. It asks
 * the site again every 30 seconds: a new forecast, new odds or a new result (the site's data
 * versions) change the answer and so the view.
 */
import { Badge, Box, Card, Flex, Grid, Heading, Stack, Text } from "@sanity/ui";
import { useEffect, useState, type ReactNode } from "react";
import type { SanityDocument } from "sanity";
import { fixtureKeyOf } from "../desk";
import { fetchFixtureData, forgetFixtureData, SITE_ANSWER_TTL_MS, siteUrl, type EditorFixtureData } from "../site-api";
import { modelData, type Fact, type ModelData } from "./model-data";

type State =
  | { state: "loading" }
  | { state: "missing" }
  | { state: "failed"; message: string }
  | { state: "ready"; data: EditorFixtureData };

export interface ModelDataViewProps {
  document: { displayed: Partial<SanityDocument> | null };
  /** For tests: how often to ask the site again. */
  refreshMs?: number;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card padding={3} radius={2} border>
      <Stack space={3}>
        <Heading as="h3" size={0}>
          {title}
        </Heading>
        {children}
      </Stack>
    </Card>
  );
}

function Facts({ facts }: { facts: Fact[] }) {
  return (
    <Stack space={2} as="dl">
      {facts.map((fact) => (
        <Flex key={fact.label} justify="space-between" gap={3}>
          <Text size={1} muted as="dt">
            {fact.label}
          </Text>
          <Text size={1} weight="semibold" as="dd">
            {fact.value}
          </Text>
        </Flex>
      ))}
    </Stack>
  );
}

export function ModelDataPanel({ view }: { view: ModelData }) {
  return (
    <Stack space={3} data-testid="model-data">
      <Stack space={2}>
        <Heading as="h2" size={1}>
          {view.title}
        </Heading>
        <Text size={1} muted>
          Kick-off {view.kickoff.replace("T", " ").slice(0, 16)} UTC
          {view.modelVersion ? ` · model ${view.modelVersion}` : ""}
        </Text>
      </Stack>
      {view.locked && (
        <Card padding={3} radius={2} tone="critical" border>
          <Text size={1}>Locked at kick-off. Pick on record: {view.locked}</Text>
        </Card>
      )}
      {view.review.length > 0 && (
        <Card padding={3} radius={2} tone="caution" border>
          <Stack space={2}>
            <Text size={1} weight="semibold">
              Needs review
            </Text>
            {view.review.map((reason) => (
              <Text size={1} key={reason}>
                {reason}
              </Text>
            ))}
          </Stack>
        </Card>
      )}
      <Grid columns={[1, 1, 2]} gap={3}>
        <Section title="On the site now">
          <Facts facts={view.site.now} />
        </Section>
        <Section title="Once this draft is published">
          <Facts facts={view.site.onPublish} />
        </Section>
      </Grid>
      <Section title="The algorithm">
        <Facts facts={view.bestPick} />
      </Section>
      {view.probabilities.length > 0 && (
        <Grid columns={[1, 1, 2]} gap={3}>
          <Section title="Calibrated probabilities">
            <Facts facts={view.probabilities} />
          </Section>
          <Section title="Goals">
            <Facts facts={view.goals} />
          </Section>
        </Grid>
      )}
      {view.odds.length > 0 && (
        <Section title={`Latest odds${view.oddsSource ? ` (${view.oddsSource})` : ""}, margin removed`}>
          <Stack space={2}>
            {view.odds.map((row) => (
              <Flex key={row.market} justify="space-between" gap={3}>
                <Text size={1} muted>
                  {row.market}
                </Text>
                <Text size={1}>
                  {row.price} · <strong>{row.fair}</strong>
                </Text>
              </Flex>
            ))}
          </Stack>
        </Section>
      )}
      <Grid columns={[1, 1, 2]} gap={3}>
        {view.form.map((team) => (
          <Section key={team.team} title={`Form · ${team.team}: ${team.letters}`}>
            <Stack space={2}>
              {team.matches.map((line, index) => (
                <Text size={1} key={`${index}-${line}`}>
                  {line}
                </Text>
              ))}
            </Stack>
          </Section>
        ))}
      </Grid>
      <Section title="Head-to-head">
        <Stack space={2}>
          {view.headToHead.length === 0 ? (
            <Text size={1} muted>
              No earlier meeting stored.
            </Text>
          ) : (
            view.headToHead.map((line) => (
              <Text size={1} key={line}>
                {line}
              </Text>
            ))
          )}
        </Stack>
      </Section>
      {view.table.length > 0 && (
        <Section title="League table around them">
          <Stack space={2}>
            {view.table.map((row) => (
              <Flex key={row.position} justify="space-between" gap={3}>
                <Text size={1} weight={row.highlighted ? "bold" : "regular"}>
                  {row.position}. {row.team}
                </Text>
                <Text size={1} muted={!row.highlighted}>
                  {row.played} played · {row.goalDifference > 0 ? `+${row.goalDifference}` : row.goalDifference} ·{" "}
                  {row.points} pts
                </Text>
              </Flex>
            ))}
          </Stack>
        </Section>
      )}
    </Stack>
  );
}

export function ModelDataView({ document, refreshMs = SITE_ANSWER_TTL_MS }: ModelDataViewProps) {
  const displayed = document.displayed;
  const key = fixtureKeyOf(displayed);
  const keyText = key ? `${key.league}/${key.season}/${key.homeTeam}/${key.awayTeam}` : "";
  const [state, setState] = useState<State>({ state: "loading" });
  useEffect(() => {
    if (!key) return;
    let current = true;
    const load = (fresh: boolean) => {
      if (fresh) forgetFixtureData(key);
      fetchFixtureData(key).then(
        (data) => current && setState(data ? { state: "ready", data } : { state: "missing" }),
        (error: unknown) =>
          current && setState({ state: "failed", message: error instanceof Error ? error.message : String(error) }),
      );
    };
    load(false);
    const timer = setInterval(() => load(true), refreshMs);
    return () => {
      current = false;
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- The key's text names it whole.
  }, [keyText, refreshMs]);

  let body: ReactNode;
  if (!key)
    body = <Text size={1}>Choose the league, season and both clubs: the numbers for the fixture show here.</Text>;
  else if (state.state === "loading")
    body = (
      <Text size={1} muted>
        Reading the site's numbers…
      </Text>
    );
  else if (state.state === "missing") body = <Text size={1}>The site has no such fixture this season.</Text>;
  else if (state.state === "failed")
    body = (
      <Text size={1}>
        The site could not be read ({state.message}). Is it running at {siteUrl("/")}, with this Studio's origin in
        STUDIO_ORIGIN?
      </Text>
    );
  else body = <ModelDataPanel view={modelData(displayed, state.data)} />;
  return (
    <Box padding={4}>
      <Stack space={3}>
        <Flex gap={2} align="center">
          <Badge tone="primary">Model &amp; data</Badge>
          <Text size={1} muted>
            The site's numbers for this fixture
          </Text>
        </Flex>
        {body}
      </Stack>
    </Box>
  );
}
