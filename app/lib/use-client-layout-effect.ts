import { useEffect, useLayoutEffect } from "react";

/** `useLayoutEffect` in the browser (it runs in the commit, before the browser paints or delivers another event); on the server, which runs neither, `useEffect`, which React does not warn about. */
export const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;
