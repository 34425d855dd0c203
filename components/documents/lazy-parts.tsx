"use client";
import { lazy, Suspense, type ComponentType } from "react";

/**
 * A part loaded on first use: its chunk is asked for when it is first rendered, and nothing shows
 * until it is there. React's own `lazy`, not next/dynamic: next/dynamic's loader (about 2 KB gzip)
 * would itself be in the page's first load.
 */
function onFirstUse<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Part = lazy(async () => ({ default: await load() }));
  return function OnFirstUse(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}

/*
 * The inbox's parts that only a person's action brings up (the open document, the confirm question and run, the
 * shortcuts help) render only while they show, keeping them and Radix's dialogs out of the first load (bench figure
 * pages.inbox_first_load_js_kb_gzip). The server still renders the pane when the URL names a document.
 */
export const LazyDocumentPane = onFirstUse(() => import("./document-pane").then((m) => m.DocumentPane));
export const LazyViewerDialog = onFirstUse(() => import("./viewer-dialog").then((m) => m.ViewerDialog));
export const LazyShortcutsHelp = onFirstUse(() => import("./shortcuts-help").then((m) => m.ShortcutsHelp));
// A run's panel, of either kind (components/runs/run-panel.tsx).
export const LazyRunPanel = onFirstUse(() => import("@/components/runs/run-panel").then((m) => m.RunPanel));
// The run (its panel and its requests, confirm-run-kind.tsx) follows the answer: asked for with the
// question, both are there when the run starts.
export const LazyConfirmDialog = onFirstUse(() => {
  void import("@/components/runs/run-panel");
  void import("./confirm-batches");
  return import("./confirm-dialog").then((m) => m.ConfirmDialog);
});
// The hand-off's question, its run's panel and its request (handoff-run-kind.tsx): asked for with the question, the
// panel and the request are there when it starts.
export const LazyHandoffDialog = onFirstUse(() => {
  void import("@/components/runs/run-panel");
  void import("@/components/handoffs/handoff-post");
  return import("@/components/handoffs/handoff-dialog").then((m) => m.HandoffDialog);
});
