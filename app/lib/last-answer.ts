/**
 * The last answer a form shows: its fetcher's once it has one (a save that succeeded answers without
 * a SubmissionResult, and the form is then clean), else the page's (a POST made before JavaScript ran).
 * Falling back to the page's after a fetcher's success showed an old refusal again.
 */
export function lastAnswer<R>(fetcherData: { lastResult?: R } | undefined, pageResult: R | undefined): R | undefined {
  return fetcherData ? fetcherData.lastResult : pageResult;
}
