import "@remix-run/node";

// remix.config.js turns on v3_singleFetch: loader data types follow its serialization
// (dates, undefined and data() responses survive), not the JSON one.
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
