import { useEffect, useRef, useState } from "react";
import { focusPageHeading } from "./navigation-focus";
import { successorsOf } from "./successors";

/**
 * Rows that left a list here (with JavaScript): a removed follower, an unblocked member. They are gone
 * at once, also from an appended page the reload does not bring again, and the keyboard, which was in
 * the row (its control, or the dialog over it), goes to the next row still there, else the one before,
 * else the page's heading (decision 086). `successorsOfRow` may add what comes after the rows (a
 * dialog's heading).
 */
export function useLeavingRows(successorsOfRow: (item: HTMLElement | null) => Element[] = successorsOf) {
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const successors = useRef<Element[] | null>(null);
  const leave = (id: string, item: HTMLElement | null) => {
    successors.current = successorsOfRow(item);
    setGone((last) => new Set(last).add(id));
  };
  useEffect(() => {
    if (!successors.current) return;
    const next = successors.current.find((element) => element.isConnected);
    successors.current = null;
    if (!(next instanceof HTMLElement)) {
      focusPageHeading();
      return;
    }
    if (!next.hasAttribute("tabindex")) next.tabIndex = -1;
    next.focus();
  }, [gone]);
  return { gone, leave };
}
