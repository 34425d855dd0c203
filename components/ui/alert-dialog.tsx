"use client";
import * as RadixAlert from "@radix-ui/react-alert-dialog";
import type { ReactNode, RefObject } from "react";

/**
 * A question that needs an answer before anything happens (Radix AlertDialog: focus starts on
 * Cancel, is trapped, and returns to the trigger; Esc cancels; a click outside does nothing).
 * Opened by something other than a Radix trigger (a select's change), `returnFocus` names where
 * focus goes back to. `alsoAction`: a second answer that does more than the first (both are primary).
 */
export function AlertDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
  cancelLabel: string;
  actionLabel: string;
  onAction: () => void;
  alsoAction?: { label: string; onAction: () => void };
  danger?: boolean;
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  return (
    <RadixAlert.Root open={props.open} onOpenChange={props.onOpenChange}>
      <RadixAlert.Portal>
        <RadixAlert.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <RadixAlert.Content
          onCloseAutoFocus={(event) => {
            if (!props.returnFocus?.current) return;
            event.preventDefault();
            props.returnFocus.current.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none"
        >
          <RadixAlert.Title className="text-lg font-semibold text-slate-900">{props.title}</RadixAlert.Title>
          <RadixAlert.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-slate-800">{props.description}</div>
          </RadixAlert.Description>
          {props.children}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <RadixAlert.Cancel className="rounded border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
              {props.cancelLabel}
            </RadixAlert.Cancel>
            <RadixAlert.Action
              onClick={props.onAction}
              className={`rounded px-3 py-2 text-sm font-medium text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${props.danger ? "bg-red-700 hover:bg-red-800" : "bg-blue-700 hover:bg-blue-800"}`}
            >
              {props.actionLabel}
            </RadixAlert.Action>
            {props.alsoAction && (
              <RadixAlert.Action
                onClick={props.alsoAction.onAction}
                className="rounded bg-blue-700 px-3 py-2 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
              >
                {props.alsoAction.label}
              </RadixAlert.Action>
            )}
          </div>
        </RadixAlert.Content>
      </RadixAlert.Portal>
    </RadixAlert.Root>
  );
}
