import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "../cache-control";
import { PlayerErrorBoundary } from "../components/player/PlayerErrorBoundary";
import { PlayerView } from "../components/player/PlayerView";
import { loadPlayerPage } from "../player-page.server";
import { playerPageMeta } from "../player-meta";
import playerStyles from "../styles/players.css";

/** The canonical player page, /{league}/teams/{team}/players/{name-id}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadPlayerPage(context, request);
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: playerStyles }];

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => playerPageMeta(data, matches);

export default function PlayerPage() {
  return <PlayerView page={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <PlayerErrorBoundary />;
}
