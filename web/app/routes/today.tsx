import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { ServerMarkup } from "../components/ServerMarkup";
import { publicPageHeaders } from "../cache-control";
import { useLiveRefresh } from "../features/match/components/useLiveRefresh";
import { loadMatchDayPage } from "../features/match/match-day-page.server";
import { errorPageMeta } from "../route-meta";

/** /today: the five leagues' matches of the site clock's day, as the compact fixtures list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadMatchDayPage(context, request);
}

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => data?.meta ?? errorPageMeta(error);

export default function MatchDayPage() {
  const page = useLoaderData<typeof loader>();
  useLiveRefresh(page.live);
  return <ServerMarkup as="div" className="page match-day-page" markup={page.content} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
