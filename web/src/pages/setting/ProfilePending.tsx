import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { ErrorView } from "../../components/States.tsx";
import { useAtomValue } from "jotai";
import { tokenAtom } from "../../features/session/atoms.ts";
import { userQuery } from "../../features/session/session.ts";
import { type Query, useQuery } from "../../lib/query/useQuery.ts";

/**
 * Reads the profile again on opening a settings page: the stored copy may be
 * stale (VIP level, verification, passwords set since). `data` is the fresh one.
 */
export const useProfileRefresh = () => useQuery(userQuery(useAtomValue(tokenAtom)));

/** A settings page before it has a profile: its bar, then a spinner, or the load error with a retry. */
export function ProfilePending({ title, query }: { title: string; query: Query<unknown> }) {
  return (
    <>
      <NavBar title={title} />
      {query.error && !query.loading ? <ErrorView message={query.error.message} onRetry={query.reload} /> : <DelayedSpinner />}
    </>
  );
}
