/** The search page's path, shared by the header's form and the page. */
export const SEARCH = "/search";
/** The suggestions' endpoint. */
export const SEARCH_API = "/api/search";
