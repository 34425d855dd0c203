"use client";
import * as RadixAlert from "@radix-ui/react-alert-dialog";
import type { ReactNode } from "react";

/**
 * A question that needs an answer before anything happens (Radix AlertDialog: focus starts on
 * Cancel, is trapped, and returns to the trigger; Esc cancels; a click outside does nothing).
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
  danger?: boolean;
}) {
  return (
    <RadixAlert.Root open={props.open} onOpenChange={props.onOpenChange}>
      <RadixAlert.Portal>
        <RadixAlert.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <RadixAlert.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <RadixAlert.Title className="text-lg font-semibold text-slate-900">{props.title}</RadixAlert.Title>
          <RadixAlert.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-slate-800">{props.description}</div>
          </RadixAlert.Description>
          {props.children}
          <div className="mt-6 flex justify-end gap-2">
            <RadixAlert.Cancel className="rounded border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
              {props.cancelLabel}
            </RadixAlert.Cancel>
            <RadixAlert.Action
              onClick={props.onAction}
              className={`rounded px-3 py-2 text-sm font-medium text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${props.danger ? "bg-red-700 hover:bg-red-800" : "bg-blue-700 hover:bg-blue-800"}`}
            >
              {props.actionLabel}
            </RadixAlert.Action>
          </div>
        </RadixAlert.Content>
      </RadixAlert.Portal>
    </RadixAlert.Root>
  );
}
