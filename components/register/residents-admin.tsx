"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { StatusLine } from "@/components/ui/status-line";
import { eraseResident, residentsKeys, type ResidentMatch, type ResidentsQuery } from "@/lib/register/client";
import { useT } from "@/lib/i18n/client";
import { MIN_RESIDENTS_QUERY, RESIDENTS_LIST } from "@/lib/register/list";
import { PageIntro } from "./page-intro";
import { ResidentMatches, unitNumberOf } from "./resident-matches";

/** The search box; a term shorter than the route accepts is explained here and not sent. */
function SearchForm({ onSearch }: { onSearch: (q: string) => void }) {
  const t = useT();
  const [q, setQ] = useState("");
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const term = q.trim();
    setError(term.length < MIN_RESIDENTS_QUERY ? t("residents.qTooShort") : undefined);
    if (term.length >= MIN_RESIDENTS_QUERY) onSearch(term);
  };
  return (
    <form
      role="search"
      aria-label={t("residents.filters")}
      onSubmit={submit}
      noValidate
      className="flex flex-wrap items-start gap-2 rounded border border-slate-200 bg-white p-3"
    >
      <div className="max-w-xl min-w-0 flex-1 basis-[min(100%,20rem)]">
        <Field label={t("residents.q")} hint={t("residents.qHint", { min: MIN_RESIDENTS_QUERY })} error={error}>
          {(c) => (
            <input
              {...c}
              type="search"
              autoComplete="off"
              maxLength={RESIDENTS_LIST.q.max}
              value={q}
              onChange={(e) => setQ(e.target.value)}
              className="w-full rounded border border-slate-300 bg-white px-3 py-2"
            />
          )}
        </Field>
      </div>
      {/* Beside the field, below its label (text-sm line and gap: 1.5rem). */}
      <Button type="submit" className="mt-6">
        {t("residents.search")}
      </Button>
    </form>
  );
}

/**
 * The admin's page for a resident's erasure request: search every user's register, pick the
 * match, confirm the question, read what was erased. The term lives in this page's memory only,
 * not in its URL. After an erasure the outcome takes the focus (the row and its button are gone).
 */
export function ResidentsAdmin() {
  const t = useT();
  const queries = useQueryClient();
  const [search, setSearch] = useState<ResidentsQuery | null>(null);
  const [asking, setAsking] = useState<ResidentMatch | null>(null);
  const [erased, setErased] = useState<string | null>(null);
  const outcome = useRef<HTMLDivElement>(null);
  // The question is opened by a plain button, not a Radix trigger: focus goes back to it by name.
  const asker = useRef<HTMLElement | null>(null);
  const erase = useMutation({
    mutationFn: (m: ResidentMatch) => eraseResident(m),
    onSuccess: async (_unit, m) => {
      setErased(t("residents.erased", { unit: unitNumberOf(m), owner: m.owner }));
      await queries.invalidateQueries({ queryKey: residentsKeys.all });
      outcome.current?.focus();
    },
  });
  const startSearch = (q: string) => {
    setErased(null);
    erase.reset();
    setSearch({ q, offset: 0, limit: search?.limit ?? RESIDENTS_LIST.limit.default });
  };
  return (
    <section aria-labelledby="page-title" className="flex min-w-0 flex-col gap-4">
      <PageIntro title={t("residents.title")} intro={t("residents.intro")} />
      <SearchForm onSearch={startSearch} />
      <div ref={outcome} tabIndex={-1} className="focus:outline-none">
        <StatusLine tone="success">{erased}</StatusLine>
        {erase.error && (
          <StatusLine tone="error">{t("residents.eraseFailed", { reason: erase.error.message })}</StatusLine>
        )}
      </div>
      {search ? (
        <ResidentMatches
          search={search}
          onPage={(patch) => setSearch({ ...search, ...patch })}
          onErase={(m, button) => {
            asker.current = button;
            setAsking(m);
          }}
        />
      ) : (
        <p className="text-sm text-slate-700">{t("residents.prompt")}</p>
      )}
      {asking && (
        <AlertDialog
          open
          onOpenChange={(open) => !open && setAsking(null)}
          title={t("residents.erase.title", { name: asking.resident.name })}
          description={
            <>
              <p>{t("residents.erase.what", { unit: unitNumberOf(asking), owner: asking.owner })}</p>
              <p className="font-semibold text-red-800">{t("residents.erase.stays")}</p>
            </>
          }
          cancelLabel={t("common.cancel")}
          actionLabel={t("residents.erase.action")}
          danger
          returnFocus={asker}
          onAction={() => erase.mutate(asking)}
        />
      )}
    </section>
  );
}
