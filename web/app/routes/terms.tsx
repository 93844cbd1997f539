import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "../cache-control";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { StaticPageView, staticPageMeta } from "../components/StaticPageView";
import { loadStaticPage } from "../static-page.server";
import { TERMS } from "../../../shared/domain/urls";

export const loader = ({ request, context }: LoaderFunctionArgs) => loadStaticPage(request, context, "terms");

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = (args) => staticPageMeta(args, TERMS);

export default function TermsPage() {
  return <StaticPageView page={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
