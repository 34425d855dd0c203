"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { fetchJson } from "@/lib/client/fetch-json";
import { useT } from "@/lib/i18n/client";
import { releaseKeys, releasesQuery, type Release } from "@/lib/releases/client";
import { runKeys } from "@/components/runs/run-queries";
import { FourEyesSettings } from "./four-eyes-form";
import { ReleaseCard } from "./release-card";

/** How often the list is read again while a release runs: it ends `done` when its run does. */
const POLL_MS = 2000;

/** One list of the page under its heading; `children` when it is empty. */
function ReleaseList(props: {
  id: string;
  title: string;
  items: Release[];
  card: (release: Release) => ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={props.id} className="flex flex-col gap-3">
      <h2 id={props.id} className="text-lg font-semibold">
        {props.title}
      </h2>
      {props.items.length === 0 ? (
        props.children
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">{props.items.map(props.card)}</ul>
      )}
    </section>
  );
}

/**
 * The page "Freigaben" (/releases, docs/api.md "Four eyes"): the team's open requests first, then the recent ones. A
 * member releases another's open request here; the outcome is said in a status line (a void one in the server's words,
 * naming what changed), and the list is read again.
 */
export function ReleasesPage({ teamId }: { teamId: string }) {
  const t = useT();
  const client = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery({
    ...releasesQuery(),
    // A released print waits for its print, not for a run: only a running release is read again.
    refetchInterval: (q) => (q.state.data?.releases.some((r) => r.state === "released" && r.runId) ? POLL_MS : false),
  });
  const approve = useMutation({
    mutationFn: (release: Release) =>
      fetchJson<{ release: Release; runId?: string }>(`/api/releases/${release.id}/approve`, {
        method: "POST",
        body: JSON.stringify({}),
      }),
    onMutate: () => setNotice(null),
    onSuccess: ({ release }) => setNotice(t(release.kind === "print" ? "releases.approvedPrint" : "releases.approved")),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: releaseKeys.all }),
        client.invalidateQueries({ queryKey: runKeys.all }),
      ]),
  });
  const releases = list.data?.releases ?? [];
  const open = releases.filter((r) => r.state === "open");
  const recent = releases.filter((r) => r.state !== "open");
  const card = (release: Release) => (
    <li key={release.id} className="min-w-0">
      <ReleaseCard
        release={release}
        approving={approve.isPending}
        onApprove={(r) => {
          if (!approve.isPending) approve.mutate(r);
        }}
      />
    </li>
  );
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <h1 id="page-title" className="text-xl font-semibold">
        {t("releases.title")}
      </h1>
      <p className="max-w-prose text-sm text-slate-700">{t("releases.intro")}</p>
      <FourEyesSettings teamId={teamId} />
      <p role="status" aria-live="polite" className="text-sm text-green-800">
        {notice}
      </p>
      {approve.error && (
        <p role="alert" className="text-sm text-red-700">
          {approve.error.message}
        </p>
      )}
      {list.isPending && <p>{t("common.loading")}</p>}
      {list.error && (
        <p role="alert" className="text-red-700">
          {list.error.message}
        </p>
      )}
      {list.data && (
        <>
          <ReleaseList id="releases-open" title={t("releases.open")} items={open} card={card}>
            <EmptyState title={t("releases.noneOpen")} />
          </ReleaseList>
          <ReleaseList id="releases-recent" title={t("releases.recent")} items={recent} card={card}>
            <p className="text-sm text-slate-700">{t("releases.noneRecent")}</p>
          </ReleaseList>
        </>
      )}
    </section>
  );
}
