import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

/** The per-request CSP nonce; empty in the browser, where scripts are already allowed. */
export function useNonce(): string {
  return useContext(NonceContext);
}
