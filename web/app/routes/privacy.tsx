import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "../cache-control";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { StaticPageView, staticPageMeta } from "../components/StaticPageView";
import { loadStaticPage } from "../static-page.server";
import { PRIVACY } from "../../../shared/domain/urls";

export const loader = ({ request, context }: LoaderFunctionArgs) => loadStaticPage(request, context, "privacy");

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = (args) => staticPageMeta(args, PRIVACY);

export default function PrivacyPage() {
  return <StaticPageView page={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
