import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "../cache-control";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { StaticPageView } from "../features/content/components/StaticPageView";
import { errorPageMeta } from "../route-meta";
import { loadStaticPageView } from "../features/content/static-page.server";
import { RESPONSIBLE_GAMBLING } from "@shared/domain/urls";

export const loader = (args: LoaderFunctionArgs) =>
  loadStaticPageView(args, "responsible-gambling", RESPONSIBLE_GAMBLING);

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => data?.meta ?? errorPageMeta(error);

export default function ResponsibleGamblingPage() {
  return <StaticPageView page={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
