import { createContext, useContext } from "react";

/**
 * The script that hands every loader's data to Remix in the browser (single fetch's stream), written
 * by entry.server.tsx, which reads the stream before it renders (docs/decisions/011 and 065). The
 * page writes it as its last element, after <Scripts>, which sets up the stream it feeds.
 */
const HandoffContext = createContext("");
export const HandoffProvider = HandoffContext.Provider;

/**
 * In the browser the script is empty: hydration keeps the element the server wrote (React does not
 * write an element's inner HTML when it hydrates it; suppressHydrationWarning silences the development
 * build's comparison), and it never changes after.
 */
export function Handoff({ nonce }: { nonce: string }) {
  const script = useContext(HandoffContext);
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}
