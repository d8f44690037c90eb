import { useContext } from "react";
import { UNSAFE_DataRouterContext } from "react-router-dom";

/**
 * The page's router: one object for the page's life, so reading it renders nothing again, where React
 * Router's hooks read contexts that change with every fetcher's or navigation's move (decision 102).
 * `react-router-dom` is the copy Remix uses (package.json pins the version @remix-run/react does).
 */
export function useRouter() {
  const context = useContext(UNSAFE_DataRouterContext);
  if (!context) throw new Error("useRouter must be used inside Remix's router");
  return context.router;
}
